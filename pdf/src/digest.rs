//! What the fraud checks keep of a PDF's forensic record: a small,
//! serializable [`ForensicDigest`] stored with the statement
//! (`bankscope::model::Statement::forensics`) and graded by the metadata checks of
//! the analysis stage.

use std::collections::{BTreeMap, HashSet};

use chrono::{DateTime, FixedOffset};
use serde::{Deserialize, Serialize};

use super::{EncryptionKind, Forensics, Page};

/// Hidden words kept in the digest, for the finding's reason.
const HIDDEN_SAMPLE: usize = 5;

/// What the fraud checks keep of a PDF's forensic record
/// ([`crate::Forensics`]): small, serializable, kept with the statement.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ForensicDigest {
    /// Info `/Producer`.
    pub producer: Option<String>,
    /// Info `/Creator`.
    pub creator: Option<String>,
    /// XMP `pdf:Producer`.
    pub xmp_producer: Option<String>,
    /// XMP `xmp:CreatorTool`.
    pub xmp_creator_tool: Option<String>,
    /// Info `/CreationDate`.
    pub created: Option<DateTime<FixedOffset>>,
    /// Info `/ModDate`.
    pub modified: Option<DateTime<FixedOffset>>,
    /// Revisions: 1 for the original, plus one per incremental update.
    pub revisions: u32,
    /// Whether the file was encrypted.
    pub encrypted: bool,
    /// Whether any page carries `/TouchUp_TextEdit`.
    pub touchup_text_edit: bool,
    /// Words drawn invisible, in white or covered by a filled rectangle.
    pub hidden_words: u32,
    /// The first few of those words.
    pub hidden_sample: Vec<String>,
    /// Fonts of the figures in the transaction table (amounts and balances of
    /// the statement's rows), most used first.
    pub table_fonts: Vec<TableFont>,
    /// Annotations drawn over the pages (`FreeText on page 2`), as "Fill &
    /// Sign" and comment tools add text.
    #[serde(default)]
    pub drawn_annotations: Vec<String>,
    /// Pages whose content an incremental update rewrote or added to.
    #[serde(default)]
    pub pages_redrawn_by_update: Vec<u32>,
    /// Figures of the table set off their column's common right edge (an
    /// edit that kept the old figure's left edge); filled by the caller that
    /// knows the statement's transactions.
    #[serde(default)]
    pub misaligned_figures: Vec<FigureFlag>,
    /// Figures of one row set in a font family their column otherwise never
    /// uses (a row typed in afterwards); filled like `misaligned_figures`.
    #[serde(default)]
    pub off_font_figures: Vec<FigureFlag>,
}

/// One figure of the transaction table whose placement or font gives away an edit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FigureFlag {
    /// The figure as printed.
    pub text: String,
    /// 1-based page.
    pub page: u32,
    /// The transaction whose amount or balance it prints.
    pub transaction_hash: Option<String>,
    /// What is wrong with it, in words.
    pub detail: String,
}

/// A font family the table's figures are printed in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableFont {
    /// Family name: subset tag and style dropped (`ABCDEF+Arial-BoldMT` → `Arial`).
    pub family: String,
    /// Whether the font program is embedded.
    pub embedded: bool,
    /// Figures printed in it.
    pub figures: u32,
}

/// The family of a BaseFont name: no subset tag, no style suffix.
pub fn font_family(base_font: &str) -> String {
    let name = base_font.split_once('+').map_or(base_font, |(_, n)| n);
    let mut name = name.split(['-', ',']).next().unwrap_or(name);
    // fpdf2 and some generators glue the style on (`DejaVuSansBold`, `ArialMT`).
    loop {
        let before = name.len();
        for suffix in ["MT", "PS", "Bold", "Italic", "Oblique", "Book", "Roman", "Regular", "Medium", "Light"] {
            if let Some(rest) = name.strip_suffix(suffix)
                && !rest.is_empty()
            {
                name = rest;
            }
        }
        if name.len() == before {
            return name.to_string();
        }
    }
}

impl ForensicDigest {
    /// The digest of a PDF: its forensic record, and the fonts of the words on
    /// its pages for which `is_table_figure` holds (the words printing one of
    /// the statement's amounts or balances).
    pub fn new(forensics: &Forensics, pages: &[Page], is_table_figure: impl Fn(&str) -> bool) -> ForensicDigest {
        let embedded: HashSet<&str> = forensics
            .pages
            .iter()
            .flat_map(|p| p.fonts.iter().filter(|f| f.embedded).map(|f| f.name.as_str()))
            .collect();
        let mut fonts: BTreeMap<(String, bool), u32> = BTreeMap::new();
        for run in pages.iter().flat_map(|p| &p.runs) {
            if run.invisible || run.white {
                continue;
            }
            if is_table_figure(&run.text) {
                let key = (font_family(&run.font), embedded.contains(&*run.font));
                *fonts.entry(key).or_insert(0) += 1;
            }
        }
        let mut table_fonts: Vec<TableFont> =
            fonts.into_iter().map(|((family, embedded), figures)| TableFont { family, embedded, figures }).collect();
        table_fonts.sort_by(|a, b| b.figures.cmp(&a.figures).then_with(|| a.family.cmp(&b.family)));
        let hidden: Vec<&str> =
            forensics.pages.iter().flat_map(|p| p.hidden_text.iter().map(|h| h.text.as_str())).collect();
        ForensicDigest {
            producer: forensics.info.producer.clone(),
            creator: forensics.info.creator.clone(),
            xmp_producer: forensics.xmp.as_ref().and_then(|x| x.producer.clone()),
            xmp_creator_tool: forensics.xmp.as_ref().and_then(|x| x.creator_tool.clone()),
            created: forensics.info.creation_date,
            modified: forensics.info.mod_date,
            revisions: forensics.revisions,
            encrypted: forensics.encryption != EncryptionKind::None,
            touchup_text_edit: forensics.touchup_text_edit,
            hidden_words: u32::try_from(hidden.len()).unwrap_or(u32::MAX),
            hidden_sample: hidden.iter().take(HIDDEN_SAMPLE).map(|s| (*s).to_string()).collect(),
            table_fonts,
            pages_redrawn_by_update: forensics.pages_redrawn_by_update.clone(),
            drawn_annotations: forensics
                .pages
                .iter()
                .flat_map(|p| p.annotations.iter().map(move |a| format!("{a} on page {}", p.number)))
                .collect(),
            misaligned_figures: Vec::new(),
            off_font_figures: Vec::new(),
        }
    }

    /// Producer, creator and the XMP tool names that are set.
    pub fn tools(&self) -> impl Iterator<Item = &str> {
        [&self.producer, &self.creator, &self.xmp_producer, &self.xmp_creator_tool]
            .into_iter()
            .filter_map(|s| s.as_deref())
            .filter(|s| !s.trim().is_empty())
    }
}
