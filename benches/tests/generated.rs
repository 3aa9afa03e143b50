//! The generated bench statements are read exactly by the core pipeline: if
//! this fails, the pipeline bench would measure a broken read.

use bankscope::{Entity, Metadata, Money, ReadOptions};

#[test]
fn the_pipeline_reads_every_generated_row() {
    for pages in [1, 4] {
        let st = bankscope_benches::statement_pdf(pages, bankscope_benches::SEED)
            .unwrap_or_else(|e| panic!("generating {pages} pages: {e}"));
        let mut entity = Entity::new(None, Metadata::default());
        let summary = entity.add_pdf(&st.pdf, &ReadOptions::default()).unwrap_or_else(|e| panic!("{pages} pages: {e}"));
        assert_eq!(summary.bank, "hdfc");
        assert_eq!(summary.name, st.holder);
        assert_eq!(summary.account_number, st.account_number);
        assert_eq!(summary.transactions, st.transactions, "{pages} pages");
        assert_eq!(summary.opening_balance, Some(Money::from_paise(st.opening_paise)));
        assert_eq!(summary.closing_balance, Some(Money::from_paise(st.closing_paise)));
        assert_eq!(summary.balance_breaks, 0);
        let doc = bankscope::pdf::open(&st.pdf, &Default::default()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(doc.page_count(), pages);
    }
}
