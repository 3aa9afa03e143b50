//! Prints the identity the reader finds in each PDF given, one JSON line each
//! (file, holder, account number, IFSC, address): for measuring header blocks
//! over many generated statements without the whole analysis.
//!
//!     cargo run -q -p bankscope --example identity_dump -- A.pdf B.pdf ...

fn main() {
    for path in std::env::args().skip(1) {
        let Ok(bytes) = std::fs::read(&path) else { continue };
        let line = match bankscope::read_pdf(&bytes, &bankscope::ReadOptions::default()) {
            Ok(st) => serde_json::json!({
                "file": path,
                "holder": st.identity.name,
                "account_number": st.identity.account_number,
                "ifsc": st.identity.ifsc,
                "address": st.identity.address,
            }),
            Err(e) => serde_json::json!({ "file": path, "error": e.to_string() }),
        };
        println!("{line}");
    }
}
