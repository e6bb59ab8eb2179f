#ifndef PROGRESS_RINGS_PR_ICU_H
#define PROGRESS_RINGS_PR_ICU_H

/// What a locale writes numbers with, as ICU's CLDR data says, in UTF-8: the symbols, the grouping sizes, the affixes
/// of a percentage and the ten digits. ICU's functions are versioned by macros (`unum_open` is `unum_open_72`), which
/// Swift cannot call through, so this small C file does.
typedef struct {
    /// The locale ICU found for the tag, as a BCP 47 tag (`de`, `en-IN`).
    char tag[64];
    char decimal[16];
    char group[16];
    char minus[16];
    /// Digits between separators, the first group and the others (`en-IN`: 3 and 2); 0: no grouping.
    int primary_grouping;
    int secondary_grouping;
    /// How many digits an integer needs before the first group is split off, beyond the group itself (1 in most
    /// locales; 2 in `es` and `pl`, where 1234 stays whole).
    int minimum_grouping;
    /// A percentage's text before and after the number (`de`: "" and NBSP "%"; `tr`: "%" and "").
    char percent_prefix[32];
    char percent_suffix[32];
    /// Each digit 0…9, NUL-terminated, 8 bytes apiece (`ar-EG`: U+0660…U+0669).
    char digits[10][8];
} pr_number_symbols;

/// Fills `out` for the BCP 47 tag `tag`. Returns 0, or -1 when the tag is not well-formed, -2 when ICU has no
/// data of its language (it would fall back to the root locale), -3 when ICU failed otherwise, -4 when ICU's
/// libraries could not be opened (they are opened on the first call).
int pr_number_symbols_for(const char *tag, pr_number_symbols *out);

/// The file name of ICU's library that is opened (`libicui18n.so.72`), for messages.
const char *pr_icu_library(void);

/// The canonical ID of a zone of the tz database (`Europe/Berlin`; `US/Pacific` is `America/Los_Angeles`) into
/// `canonical`, UTF-8. Returns 0, -1 for a zone ICU does not know as one (custom offsets included), -3 when ICU
/// failed otherwise, -4 when its libraries could not be opened.
int pr_time_zone(const char *zone, char *canonical, int capacity);

/// `milliseconds` since 1970 as the locale `tag` writes a date (medium: `Aug 9, 2026`), and with `with_time` its
/// time too (short: `Aug 9, 2026, 10:00 AM`), in the zone `zone`, UTF-8 into `out`. Returns 0, or as above.
int pr_format_time(const char *tag, const char *zone, double milliseconds, int with_time, char *out, int capacity);

/// A relative time as the locale `tag` writes it in words (`3 days ago`, `yesterday`, `now`): `offset` units
/// (negative: past) of `unit`, 0 second … 6 year (second, minute, hour, day, week, month, year). Returns 0, or as
/// above.
int pr_format_relative(const char *tag, double offset, int unit, char *out, int capacity);

/// The instant (milliseconds since 1970) of a wall-clock date and time in `zone` (a tz database zone, or a custom
/// `GMT+05:30`): 0, or -1 for a date that does not exist (`2026-02-30`, a time the clocks skip), as above otherwise.
int pr_zone_instant(const char *zone, int year, int month, int day, int hour, int minute, int second, double *out);

/// `amount` of a unit (0 day, 1 hour, 2 minute) as the locale writes it narrowly (`18d`, `4h`), UTF-8 into `out`.
int pr_format_unit(const char *tag, int unit, double amount, char *out, int capacity);

#endif
