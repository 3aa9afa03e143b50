//! Date and time shapes of the interface, and serde `with` modules for them.
//!
//! | Shape | Example | Type | Where |
//! |---|---|---|---|
//! | `YYYY-MM-DD HH:MM:SS` | `2025-04-03 14:22:05` | `NaiveDateTime` | transaction `date`, recurring `start_date` / `end_date`, webhook `date_time` |
//! | `yyyy-MM-ddTHH:mm:ss.SSSZ` | `2025-06-30T10:15:02.123Z` | `DateTime<Utc>` | account `last_updated` |
//!
//! Month shapes are in [`super::MonthShape`]. Parsing is strict: only the exact
//! shape reads (`2025-4-3 9:05:00` does not).

use chrono::{DateTime, NaiveDateTime, SubsecRound, Utc};

use crate::taxonomy::Channel;

pub use crate::model::FormatError;

/// The shape of dates with time: `YYYY-MM-DD HH:MM:SS`.
pub const DATE_TIME_SHAPE: &str = "YYYY-MM-DD HH:MM:SS";
/// The shape of `last_updated`: `yyyy-MM-ddTHH:mm:ss.SSSZ`.
pub const TIMESTAMP_SHAPE: &str = "yyyy-MM-ddTHH:mm:ss.SSSZ";

const DATE_TIME_FMT: &str = "%Y-%m-%d %H:%M:%S";
const TIMESTAMP_FMT: &str = "%Y-%m-%dT%H:%M:%S%.3fZ";

/// `2025-04-03 14:22:05`. Sub-second digits are dropped.
pub fn format_date_time(value: &NaiveDateTime) -> String {
    value.format(DATE_TIME_FMT).to_string()
}

/// Reads exactly `YYYY-MM-DD HH:MM:SS`.
pub fn parse_date_time(text: &str) -> Result<NaiveDateTime, FormatError> {
    NaiveDateTime::parse_from_str(text, DATE_TIME_FMT)
        .ok()
        .filter(|v| format_date_time(v) == text)
        .ok_or_else(|| FormatError::new(DATE_TIME_SHAPE, text))
}

/// `2025-06-30T10:15:02.123Z`: always three millisecond digits and `Z`;
/// finer digits are dropped (see [`to_millis`]).
pub fn format_timestamp(value: &DateTime<Utc>) -> String {
    value.format(TIMESTAMP_FMT).to_string()
}

/// Reads exactly `yyyy-MM-ddTHH:mm:ss.SSSZ` (UTC).
pub fn parse_timestamp(text: &str) -> Result<DateTime<Utc>, FormatError> {
    NaiveDateTime::parse_from_str(text, TIMESTAMP_FMT)
        .ok()
        .map(|v| v.and_utc())
        .filter(|v| format_timestamp(v) == text)
        .ok_or_else(|| FormatError::new(TIMESTAMP_SHAPE, text))
}

/// The instant with sub-millisecond digits dropped: what `last_updated` can carry,
/// so a value equals itself after a JSON round trip.
pub fn to_millis(value: DateTime<Utc>) -> DateTime<Utc> {
    value.trunc_subsecs(3)
}

/// `#[serde(with = "date_time")]`: a `NaiveDateTime` written `YYYY-MM-DD HH:MM:SS`.
pub mod date_time {
    use chrono::NaiveDateTime;
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes `YYYY-MM-DD HH:MM:SS`.
    pub fn serialize<S: Serializer>(value: &NaiveDateTime, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&super::format_date_time(value))
    }

    /// Reads `YYYY-MM-DD HH:MM:SS`.
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<NaiveDateTime, D::Error> {
        let text = std::borrow::Cow::<str>::deserialize(deserializer)?;
        super::parse_date_time(&text).map_err(serde::de::Error::custom)
    }
}

/// `#[serde(with = "date_time_opt")]`: an optional `NaiveDateTime` written
/// `YYYY-MM-DD HH:MM:SS`, or `null`. Pair with `default` and
/// `skip_serializing_if = "Option::is_none"` for a field that may be absent.
pub mod date_time_opt {
    use chrono::NaiveDateTime;
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes `YYYY-MM-DD HH:MM:SS` or `null`.
    pub fn serialize<S: Serializer>(value: &Option<NaiveDateTime>, serializer: S) -> Result<S::Ok, S::Error> {
        match value {
            Some(v) => serializer.serialize_str(&super::format_date_time(v)),
            None => serializer.serialize_none(),
        }
    }

    /// Reads `YYYY-MM-DD HH:MM:SS` or `null`.
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<NaiveDateTime>, D::Error> {
        let text = Option::<std::borrow::Cow<str>>::deserialize(deserializer)?;
        text.map(|t| super::parse_date_time(&t).map_err(serde::de::Error::custom)).transpose()
    }
}

/// `#[serde(with = "timestamp")]`: a `DateTime<Utc>` written `yyyy-MM-ddTHH:mm:ss.SSSZ`.
pub mod timestamp {
    use chrono::{DateTime, Utc};
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes `yyyy-MM-ddTHH:mm:ss.SSSZ`.
    pub fn serialize<S: Serializer>(value: &DateTime<Utc>, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&super::format_timestamp(value))
    }

    /// Reads `yyyy-MM-ddTHH:mm:ss.SSSZ`.
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<DateTime<Utc>, D::Error> {
        let text = std::borrow::Cow::<str>::deserialize(deserializer)?;
        super::parse_timestamp(&text).map_err(serde::de::Error::custom)
    }
}

/// `#[serde(with = "timestamp_opt")]`: [`timestamp`] for an optional field.
/// Pair with `default` and `skip_serializing_if = "Option::is_none"`.
pub mod timestamp_opt {
    use chrono::{DateTime, Utc};
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes `yyyy-MM-ddTHH:mm:ss.SSSZ` or `null`.
    pub fn serialize<S: Serializer>(value: &Option<DateTime<Utc>>, serializer: S) -> Result<S::Ok, S::Error> {
        match value {
            Some(v) => serializer.serialize_str(&super::format_timestamp(v)),
            None => serializer.serialize_none(),
        }
    }

    /// Reads `yyyy-MM-ddTHH:mm:ss.SSSZ` or `null`.
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<DateTime<Utc>>, D::Error> {
        let text = Option::<std::borrow::Cow<str>>::deserialize(deserializer)?;
        text.map(|t| super::parse_timestamp(&t).map_err(serde::de::Error::custom)).transpose()
    }
}

/// The channel written in upper case (`UPI`, `AUTO_DEBIT_PAYMENT`, `OTHER`), as
/// recurring transaction sets carry it.
pub fn format_upper_channel(channel: Channel) -> String {
    channel.upper()
}

/// Reads an upper-case channel (`UPI`, `AUTO_DEBIT_PAYMENT`, `OTHER`).
pub fn parse_upper_channel(text: &str) -> Result<Channel, FormatError> {
    Channel::ALL
        .iter()
        .copied()
        .find(|c| c.upper() == text)
        .ok_or_else(|| FormatError::new("upper-case transaction_channel", text))
}

/// `#[serde(with = "upper_channel")]`: a [`Channel`] written in upper case.
pub mod upper_channel {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::taxonomy::Channel;

    /// Writes `UPI`, `AUTO_DEBIT_PAYMENT`, ...
    pub fn serialize<S: Serializer>(value: &Channel, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&super::format_upper_channel(*value))
    }

    /// Reads `UPI`, `AUTO_DEBIT_PAYMENT`, ...
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Channel, D::Error> {
        let text = std::borrow::Cow::<str>::deserialize(deserializer)?;
        super::parse_upper_channel(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{NaiveDate, TimeZone};

    fn dt(y: i32, mo: u32, d: u32, h: u32, mi: u32, s: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(y, mo, d).and_then(|d| d.and_hms_opt(h, mi, s)).expect("valid date")
    }

    #[test]
    fn date_time_formats_and_parses() {
        let v = dt(2025, 4, 3, 14, 22, 5);
        assert_eq!(format_date_time(&v), "2025-04-03 14:22:05");
        assert_eq!(parse_date_time("2025-04-03 14:22:05"), Ok(v));
        assert_eq!(format_date_time(&dt(2025, 12, 31, 0, 0, 0)), "2025-12-31 00:00:00");
        for bad in [
            "2025-4-3 14:22:05",
            "2025-04-03T14:22:05",
            "2025-04-03 14:22",
            "2025-04-03",
            "2025-04-03 14:22:05.000",
            "2025-02-30 00:00:00",
            " 2025-04-03 14:22:05",
            "03-04-2025 14:22:05",
        ] {
            assert!(parse_date_time(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn timestamp_has_three_millisecond_digits_and_z() {
        let t = Utc.with_ymd_and_hms(2025, 6, 30, 10, 15, 2).single().expect("instant")
            + chrono::Duration::milliseconds(123);
        assert_eq!(format_timestamp(&t), "2025-06-30T10:15:02.123Z");
        assert_eq!(parse_timestamp("2025-06-30T10:15:02.123Z"), Ok(t));
        let whole = Utc.with_ymd_and_hms(2025, 1, 2, 3, 4, 5).single().expect("instant");
        assert_eq!(format_timestamp(&whole), "2025-01-02T03:04:05.000Z");
        let fine = whole + chrono::Duration::nanoseconds(7_654_321);
        assert_eq!(format_timestamp(&fine), "2025-01-02T03:04:05.007Z");
        assert_eq!(to_millis(fine), whole + chrono::Duration::milliseconds(7));
        for bad in [
            "2025-06-30T10:15:02Z",
            "2025-06-30T10:15:02.12Z",
            "2025-06-30T10:15:02.1234Z",
            "2025-06-30T10:15:02.123",
            "2025-06-30T10:15:02.123+00:00",
            "2025-06-30 10:15:02.123Z",
        ] {
            assert!(parse_timestamp(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn upper_channel_round_trips_every_channel() {
        for c in Channel::ALL {
            assert_eq!(parse_upper_channel(&format_upper_channel(*c)), Ok(*c));
        }
        assert_eq!(format_upper_channel(Channel::AutoDebitPayment), "AUTO_DEBIT_PAYMENT");
        assert_eq!(parse_upper_channel("OTHER"), Ok(Channel::Other));
        assert!(parse_upper_channel("upi").is_err());
    }
}
