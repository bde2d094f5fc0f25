//! Civil dates as day numbers (Howard Hinnant's algorithms), written the ways agencies write them.

pub(crate) const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// AP style: five months abbreviated with a period, the short ones spelled out.
const AP_MONTHS: [&str; 12] = [
    "Jan.", "Feb.", "March", "April", "May", "June", "July", "Aug.", "Sept.", "Oct.", "Nov.",
    "Dec.",
];

const SHORT_MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

pub(crate) const WEEKDAYS: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Date {
    pub(crate) y: i32,
    /// 1..=12
    pub(crate) m: u32,
    /// 1..=31
    pub(crate) d: u32,
    /// Days since 1970-01-01.
    pub(crate) days: i64,
}

impl Date {
    pub(crate) fn from_days(days: i64) -> Date {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let y = (yoe + era * 400 + i64::from(m <= 2)) as i32;
        Date { y, m, d, days }
    }

    pub(crate) fn from_ymd(y: i32, m: u32, d: u32) -> Date {
        let yy = i64::from(y) - i64::from(m <= 2);
        let era = yy.div_euclid(400);
        let yoe = yy - era * 400;
        let mp = i64::from((m + 9) % 12);
        let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        Date::from_days(era * 146_097 + doe - 719_468)
    }

    pub(crate) fn plus(self, days: i64) -> Date {
        Date::from_days(self.days + days)
    }

    pub(crate) fn weekday(self) -> &'static str {
        // 1970-01-01 was a Thursday (index 3).
        WEEKDAYS[(self.days + 3).rem_euclid(7) as usize]
    }

    pub(crate) fn month(self) -> &'static str {
        MONTHS[self.m as usize - 1]
    }

    /// 2016-11-24
    pub(crate) fn iso(self) -> String {
        format!("{:04}-{:02}-{:02}", self.y, self.m, self.d)
    }

    /// November 24, 2016
    pub(crate) fn mdy(self) -> String {
        format!("{} {}, {}", self.month(), self.d, self.y)
    }

    /// November 24
    pub(crate) fn md(self) -> String {
        format!("{} {}", self.month(), self.d)
    }

    /// Nov. 24, 2016
    pub(crate) fn ap(self) -> String {
        format!("{} {}, {}", AP_MONTHS[self.m as usize - 1], self.d, self.y)
    }

    /// 24 November 2016
    pub(crate) fn dmy(self) -> String {
        format!("{} {} {}", self.d, self.month(), self.y)
    }

    /// November 2016
    pub(crate) fn my(self) -> String {
        format!("{} {}", self.month(), self.y)
    }

    /// 24th Nov, 2016 (Alamy Live News)
    pub(crate) fn ordinal_short(self) -> String {
        let suffix = match (self.d % 10, self.d) {
            (_, 11..=13) => "th",
            (1, _) => "st",
            (2, _) => "nd",
            (3, _) => "rd",
            _ => "th",
        };
        format!(
            "{}{suffix} {}, {}",
            self.d,
            SHORT_MONTHS[self.m as usize - 1],
            self.y
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_weekdays() {
        let d = Date::from_ymd(2016, 11, 24);
        assert_eq!(d.iso(), "2016-11-24");
        assert_eq!(d.weekday(), "Thursday");
        assert_eq!(Date::from_days(d.days), d);
        assert_eq!(Date::from_ymd(2000, 2, 29).plus(1).iso(), "2000-03-01");
        assert_eq!(Date::from_ymd(2025, 12, 31).weekday(), "Wednesday");
        assert_eq!(d.ap(), "Nov. 24, 2016");
        assert_eq!(
            Date::from_ymd(2012, 3, 12).ordinal_short(),
            "12th Mar, 2012"
        );
        assert_eq!(
            Date::from_ymd(2012, 3, 22).ordinal_short(),
            "22nd Mar, 2012"
        );
    }
}
