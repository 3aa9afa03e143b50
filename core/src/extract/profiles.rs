//! Bank profiles: only what the generic reader cannot know, as data.
//!
//! The IFSC prefix and printed names live in [`crate::banks`]; a profile adds
//! the PDF producers seen on that bank's genuine statements (a forensic hint,
//! never a reason to refuse a file) and layout notes. Reading needs no profile:
//! a bank without one is read by the generic reader alone.

use crate::banks::{self, Bank};

/// What is known about one bank's statements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Profile {
    /// Bank identifier, as in [`crate::banks::BANKS`].
    pub bank: &'static str,
    /// Producer / creator strings seen on genuine statements (lower case, substrings).
    pub producers: &'static [&'static str],
    /// The date forms the bank prints, for humans and tests (day first always).
    pub date_forms: &'static [&'static str],
    /// Layout notes the generic reader handles without code of its own.
    pub quirks: &'static [&'static str],
}

impl Profile {
    /// The bank of this profile.
    pub fn bank(&self) -> Option<&'static Bank> {
        banks::by_id(self.bank)
    }

    /// True when `producer` (PDF Producer or Creator) is one seen on this bank's statements.
    pub fn known_producer(&self, producer: &str) -> bool {
        let p = producer.to_ascii_lowercase();
        self.producers.iter().any(|k| p.contains(k))
    }
}

/// Profiles of the banks the fixtures cover.
pub const PROFILES: &[Profile] = &[
    Profile {
        bank: "hdfc",
        producers: &["hdfc", "itext", "pdf 1.3"],
        date_forms: &["dd/mm/yy"],
        quirks: &["owner-only RC4-40 encryption; base-14 fonts not embedded", "value date column after the reference"],
    },
    Profile {
        bank: "sbi",
        producers: &["itext", "ilovepdf", "jasperreports"],
        date_forms: &["d MMM yyyy", "dd/mm/yyyy"],
        quirks: &["customers strip the password with iLovePDF", "two-line 'Value / Date' header", "lakh grouping"],
    },
    Profile {
        bank: "icici",
        producers: &["itext"],
        date_forms: &["dd/MMM/yyyy", "dd/mm/yyyy hh:mm:ss AM"],
        quirks: &["value date printed before the transaction date", "B/F row", "empty amount cells print 0.00"],
    },
    Profile {
        bank: "axis",
        producers: &["openpdf", "itext"],
        date_forms: &["dd-mm-yyyy"],
        quirks: &["one amount column with DR/CR", "lakh grouping", "OPENING BALANCE / CLOSING BALANCE rows"],
    },
    Profile {
        bank: "kotak",
        producers: &["itext", "kotak"],
        date_forms: &["dd-mm-yyyy"],
        quirks: &["balance suffixed (Cr) / (Dr)"],
    },
    Profile {
        bank: "baroda",
        producers: &["itext", "jasperreports", "finacle"],
        date_forms: &["dd-mm-yyyy"],
        quirks: &["amounts on the last line of a wrapped row", "BROUGHT / CARRIED FORWARD rows"],
    },
    Profile {
        bank: "canara",
        producers: &["itext", "jasperreports"],
        date_forms: &["dd-mm-yyyy hh:mm:ss"],
        quirks: &["amounts on the last line of a wrapped row", "B/F and C/F rows"],
    },
    Profile {
        bank: "yesbnk",
        producers: &["jasperreports", "openpdf"],
        date_forms: &["dd/mm/yyyy"],
        quirks: &["two-line 'Transaction / Date' header"],
    },
    Profile { bank: "idfc", producers: &["itext", "jasperreports"], date_forms: &["dd-MMM-yy"], quirks: &[] },
    Profile {
        bank: "indusind",
        producers: &["itext", "jasperreports"],
        date_forms: &["dd-MMM-yyyy"],
        quirks: &["amounts on the last line of a wrapped row"],
    },
    Profile {
        bank: "pnbbnk",
        producers: &["itext", "jasperreports"],
        date_forms: &["dd/mm/yyyy"],
        quirks: &["balance suffixed ' Cr.' / ' Dr.'", "value date after the balance"],
    },
    Profile {
        bank: "ubi",
        producers: &["itext", "jasperreports"],
        date_forms: &["dd/mm/yyyy"],
        quirks: &["one amount column suffixed (Dr) / (Cr)", "balance suffixed (Cr)"],
    },
];

/// The profile of a bank identifier.
pub fn profile(bank_id: &str) -> Option<&'static Profile> {
    PROFILES.iter().find(|p| p.bank.eq_ignore_ascii_case(bank_id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_profile_names_a_known_bank() {
        for p in PROFILES {
            assert!(p.bank().is_some(), "{}", p.bank);
        }
        assert!(profile("hdfc").is_some_and(|p| p.known_producer("iText 5.5.13")));
        assert_eq!(PROFILES.len(), 12);
    }
}
