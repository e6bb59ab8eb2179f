#include "pr_icu.h"

#include <dlfcn.h>
#include <pthread.h>
#include <string.h>
#include <unicode/ucal.h>
#include <unicode/udat.h>
#include <unicode/uloc.h>
#include <unicode/ureldatefmt.h>
#include <unicode/unum.h>
#include <unicode/unumberformatter.h>
#include <unicode/ustring.h>
#include <unicode/uvernum.h>

// ICU is opened on the first locale asked for, not linked: linked, its libraries cost every server ~4.6 MB of
// resident memory (the loader's relocations), which servers that never write a locale would pay too. The names
// are ICU's versioned ones (`unum_open` is the macro of `unum_open_72`), taken from the headers built against.
#define PR_STR2(x) #x
#define PR_STR(x) PR_STR2(x)
#define PR_ICU_LIBRARY(name) "lib" name ".so." PR_STR(U_ICU_VERSION_MAJOR_NUM)

#define PR_ICU_FUNCTIONS(X)                                                                                           \
    X(uloc_forLanguageTag, uc) X(uloc_getLanguage, uc) X(uloc_toLanguageTag, uc) X(u_strToUTF8, uc)                   \
    X(unum_open, i18n) X(unum_close, i18n) X(unum_getLocaleByType, i18n) X(unum_getSymbol, i18n)                      \
    X(unum_getAttribute, i18n) X(unum_getTextAttribute, i18n) X(unumf_openForSkeletonAndLocale, i18n)                 \
    X(unumf_openResult, i18n) X(unumf_formatInt, i18n) X(unumf_resultToString, i18n) X(unumf_closeResult, i18n)       \
    X(unumf_close, i18n) X(u_strFromUTF8, uc) X(ucal_getCanonicalTimeZoneID, i18n) X(udat_open, i18n)            \
    X(udat_format, i18n) X(udat_close, i18n) X(ureldatefmt_open, i18n) X(ureldatefmt_format, i18n)                   \
    X(ureldatefmt_close, i18n) X(ucal_open, i18n) X(ucal_close, i18n) X(ucal_setAttribute, i18n)                     \
    X(ucal_clear, i18n) X(ucal_setDateTime, i18n) X(ucal_getMillis, i18n) X(unumf_formatDouble, i18n)

#define PR_DECLARE(name, library) static __typeof__(name) *icu_##name;
PR_ICU_FUNCTIONS(PR_DECLARE)

static pthread_once_t opened = PTHREAD_ONCE_INIT;
static int available;

static void open_icu(void) {
    void *uc = dlopen(PR_ICU_LIBRARY("icuuc"), RTLD_NOW | RTLD_LOCAL);
    void *i18n = uc ? dlopen(PR_ICU_LIBRARY("icui18n"), RTLD_NOW | RTLD_LOCAL) : NULL;
    if (!uc || !i18n) return;
#define PR_LOAD(name, library)                                                                                        \
    icu_##name = (__typeof__(icu_##name))dlsym(library, PR_STR(name));                                                \
    if (!icu_##name) return;
    PR_ICU_FUNCTIONS(PR_LOAD)
    available = 1;
}

const char *pr_icu_library(void) { return PR_ICU_LIBRARY("icui18n"); }

// UTF-16 from ICU into a NUL-terminated UTF-8 buffer; 0 on success.
static int utf8(const UChar *text, int32_t length, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t written = 0;
    icu_u_strToUTF8(out, capacity - 1, &written, text, length, &status);
    if (U_FAILURE(status) || written >= capacity) return -1;
    out[written] = 0;
    return 0;
}

static int symbol(UNumberFormat *format, UNumberFormatSymbol which, char *out, int32_t capacity) {
    UChar buffer[16];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = icu_unum_getSymbol(format, which, buffer, 16, &status);
    if (U_FAILURE(status) || length > 16) return -1;
    return utf8(buffer, length, out, capacity);
}

static int text_attribute(UNumberFormat *format, UNumberFormatTextAttribute which, char *out, int32_t capacity) {
    UChar buffer[32];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = icu_unum_getTextAttribute(format, which, buffer, 32, &status);
    if (U_FAILURE(status) || length > 32) return -1;
    return utf8(buffer, length, out, capacity);
}

int pr_number_symbols_for(const char *tag, pr_number_symbols *out) {
    memset(out, 0, sizeof *out);
    pthread_once(&opened, open_icu);
    if (!available) return -4;
    char id[ULOC_FULLNAME_CAPACITY];
    int32_t parsed = 0;
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = icu_uloc_forLanguageTag(tag, id, ULOC_FULLNAME_CAPACITY, &parsed, &status);
    if (U_FAILURE(status) || length <= 0 || length >= ULOC_FULLNAME_CAPACITY || parsed != (int32_t)strlen(tag)) {
        return -1;
    }
    UNumberFormat *decimal = icu_unum_open(UNUM_DECIMAL, NULL, 0, id, NULL, &status);
    if (U_FAILURE(status)) return -3;
    const char *actual = icu_unum_getLocaleByType(decimal, ULOC_ACTUAL_LOCALE, &status);
    // ICU falls back to the default locale, or to root, for a language it has no data of: the same language or
    // nothing.
    char asked[ULOC_LANG_CAPACITY], found[ULOC_LANG_CAPACITY];
    UErrorCode language_status = U_ZERO_ERROR;
    icu_uloc_getLanguage(id, asked, sizeof asked, &language_status);
    icu_uloc_getLanguage(actual ? actual : "", found, sizeof found, &language_status);
    if (U_FAILURE(status) || U_FAILURE(language_status) || actual == NULL || strcmp(asked, found) != 0) {
        icu_unum_close(decimal);
        return -2;
    }
    int result = 0;
    icu_uloc_toLanguageTag(actual, out->tag, sizeof out->tag, 1, &status);
    if (U_FAILURE(status)) result = -3;
    if (symbol(decimal, UNUM_DECIMAL_SEPARATOR_SYMBOL, out->decimal, sizeof out->decimal)) result = -3;
    if (symbol(decimal, UNUM_GROUPING_SEPARATOR_SYMBOL, out->group, sizeof out->group)) result = -3;
    if (symbol(decimal, UNUM_MINUS_SIGN_SYMBOL, out->minus, sizeof out->minus)) result = -3;
    static const UNumberFormatSymbol digits[10] = {
        UNUM_ZERO_DIGIT_SYMBOL, UNUM_ONE_DIGIT_SYMBOL, UNUM_TWO_DIGIT_SYMBOL, UNUM_THREE_DIGIT_SYMBOL,
        UNUM_FOUR_DIGIT_SYMBOL, UNUM_FIVE_DIGIT_SYMBOL, UNUM_SIX_DIGIT_SYMBOL, UNUM_SEVEN_DIGIT_SYMBOL,
        UNUM_EIGHT_DIGIT_SYMBOL, UNUM_NINE_DIGIT_SYMBOL};
    for (int i = 0; i < 10; i++) {
        if (symbol(decimal, digits[i], out->digits[i], sizeof out->digits[i])) result = -3;
    }
    out->primary_grouping = icu_unum_getAttribute(decimal, UNUM_GROUPING_USED) ? icu_unum_getAttribute(decimal, UNUM_GROUPING_SIZE) : 0;
    out->secondary_grouping = icu_unum_getAttribute(decimal, UNUM_SECONDARY_GROUPING_SIZE);
    if (out->secondary_grouping <= 0) out->secondary_grouping = out->primary_grouping;
    // The legacy formatter groups 1234 in every locale; the locale's own rule (CLDR's minimumGroupingDigits: 2 in
    // `es` and `pl`, where 1234 stays whole) is what the number formatter of ICU 62+ applies by default.
    out->minimum_grouping = 1;
    if (out->primary_grouping > 0) {
        UErrorCode format_status = U_ZERO_ERROR;
        UNumberFormatter *formatter = icu_unumf_openForSkeletonAndLocale(u"", 0, id, &format_status);
        UFormattedNumber *formatted = icu_unumf_openResult(&format_status);
        icu_unumf_formatInt(formatter, 1234, formatted, &format_status);
        UChar grouped[32];
        int32_t length = icu_unumf_resultToString(formatted, grouped, 32, &format_status);
        char text[128];
        if (U_SUCCESS(format_status) && utf8(grouped, length, text, sizeof text) == 0 && !strstr(text, out->group)) {
            out->minimum_grouping = 2;
        }
        if (formatted) icu_unumf_closeResult(formatted);
        if (formatter) icu_unumf_close(formatter);
    }
    icu_unum_close(decimal);

    status = U_ZERO_ERROR;
    UNumberFormat *percent = icu_unum_open(UNUM_PERCENT, NULL, 0, id, NULL, &status);
    if (U_FAILURE(status)) return -3;
    if (text_attribute(percent, UNUM_POSITIVE_PREFIX, out->percent_prefix, sizeof out->percent_prefix)) result = -3;
    if (text_attribute(percent, UNUM_POSITIVE_SUFFIX, out->percent_suffix, sizeof out->percent_suffix)) result = -3;
    icu_unum_close(percent);
    return result;
}

// NUL-terminated UTF-8 into UTF-16; the length, or -1.
static int32_t utf16(const char *text, UChar *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t written = 0;
    icu_u_strFromUTF8(out, capacity, &written, text, -1, &status);
    if (U_FAILURE(status) || written >= capacity) return -1;
    return written;
}

// The ICU locale ID of a BCP 47 tag; 0 on success.
static int locale_id(const char *tag, char *id) {
    int32_t parsed = 0;
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = icu_uloc_forLanguageTag(tag, id, ULOC_FULLNAME_CAPACITY, &parsed, &status);
    if (U_FAILURE(status) || length <= 0 || length >= ULOC_FULLNAME_CAPACITY) return -1;
    return 0;
}

int pr_time_zone(const char *zone, char *canonical, int capacity) {
    pthread_once(&opened, open_icu);
    if (!available) return -4;
    UChar id[128], found[128];
    int32_t length = utf16(zone, id, 128);
    if (length <= 0) return -1;
    UBool system = 0;
    UErrorCode status = U_ZERO_ERROR;
    int32_t found_length = icu_ucal_getCanonicalTimeZoneID(id, length, found, 128, &system, &status);
    // A custom zone (`GMT+05:00`) is canonical too, but not a zone of the tz database: refused.
    if (U_FAILURE(status) || !system || found_length <= 0 || found_length >= 128) return -1;
    return utf8(found, found_length, canonical, capacity) ? -3 : 0;
}

int pr_format_time(
    const char *tag, const char *zone, double milliseconds, int with_time, char *out, int capacity) {
    pthread_once(&opened, open_icu);
    if (!available) return -4;
    char id[ULOC_FULLNAME_CAPACITY];
    if (locale_id(tag, id)) return -1;
    UChar zone_id[128];
    int32_t zone_length = utf16(zone, zone_id, 128);
    if (zone_length <= 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UDateFormat *format = icu_udat_open(
        with_time ? UDAT_SHORT : UDAT_NONE, UDAT_MEDIUM, id, zone_id, zone_length, NULL, 0, &status);
    if (U_FAILURE(status)) return -3;
    UChar text[128];
    int32_t length = icu_udat_format(format, milliseconds, text, 128, NULL, &status);
    icu_udat_close(format);
    if (U_FAILURE(status) || length >= 128) return -3;
    return utf8(text, length, out, capacity) ? -3 : 0;
}

int pr_format_relative(const char *tag, double offset, int unit, char *out, int capacity) {
    pthread_once(&opened, open_icu);
    if (!available) return -4;
    char id[ULOC_FULLNAME_CAPACITY];
    if (locale_id(tag, id)) return -1;
    static const URelativeDateTimeUnit units[] = {
        UDAT_REL_UNIT_SECOND, UDAT_REL_UNIT_MINUTE, UDAT_REL_UNIT_HOUR, UDAT_REL_UNIT_DAY,
        UDAT_REL_UNIT_WEEK,   UDAT_REL_UNIT_MONTH,  UDAT_REL_UNIT_YEAR};
    if (unit < 0 || unit > 6) return -1;
    UErrorCode status = U_ZERO_ERROR;
    URelativeDateTimeFormatter *format =
        icu_ureldatefmt_open(id, NULL, UDAT_STYLE_LONG, UDISPCTX_CAPITALIZATION_NONE, &status);
    if (U_FAILURE(status)) return -3;
    UChar text[128];
    int32_t length = icu_ureldatefmt_format(format, offset, units[unit], text, 128, &status);
    icu_ureldatefmt_close(format);
    if (U_FAILURE(status) || length >= 128) return -3;
    return utf8(text, length, out, capacity) ? -3 : 0;
}

int pr_zone_instant(const char *zone, int year, int month, int day, int hour, int minute, int second, double *out) {
    pthread_once(&opened, open_icu);
    if (!available) return -4;
    UChar zone_id[128];
    int32_t zone_length = utf16(zone, zone_id, 128);
    if (zone_length <= 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UCalendar *calendar = icu_ucal_open(zone_id, zone_length, "en", UCAL_GREGORIAN, &status);
    if (U_FAILURE(status)) return -3;
    // Not lenient: 2026-02-30 and a time the clocks skip are errors, not another day.
    icu_ucal_setAttribute(calendar, UCAL_LENIENT, 0);
    icu_ucal_clear(calendar);
    icu_ucal_setDateTime(calendar, year, month - 1, day, hour, minute, second, &status);
    UDate millis = icu_ucal_getMillis(calendar, &status);
    icu_ucal_close(calendar);
    if (U_FAILURE(status)) return -1;
    *out = millis;
    return 0;
}

int pr_format_unit(const char *tag, int unit, double amount, char *out, int capacity) {
    pthread_once(&opened, open_icu);
    if (!available) return -4;
    char id[ULOC_FULLNAME_CAPACITY];
    if (locale_id(tag, id)) return -1;
    static const UChar *skeletons[] = {
        u"measure-unit/duration-day unit-width-narrow", u"measure-unit/duration-hour unit-width-narrow",
        u"measure-unit/duration-minute unit-width-narrow"};
    if (unit < 0 || unit > 2) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UNumberFormatter *formatter = icu_unumf_openForSkeletonAndLocale(skeletons[unit], -1, id, &status);
    UFormattedNumber *formatted = icu_unumf_openResult(&status);
    icu_unumf_formatDouble(formatter, amount, formatted, &status);
    UChar text[64];
    int32_t length = icu_unumf_resultToString(formatted, text, 64, &status);
    if (formatted) icu_unumf_closeResult(formatted);
    if (formatter) icu_unumf_close(formatter);
    if (U_FAILURE(status) || length >= 64) return -3;
    return utf8(text, length, out, capacity) ? -3 : 0;
}
