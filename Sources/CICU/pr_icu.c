#include "pr_icu.h"

#include <string.h>
#include <unicode/uloc.h>
#include <unicode/unum.h>
#include <unicode/unumberformatter.h>
#include <unicode/ustring.h>

// UTF-16 from ICU into a NUL-terminated UTF-8 buffer; 0 on success.
static int utf8(const UChar *text, int32_t length, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t written = 0;
    u_strToUTF8(out, capacity - 1, &written, text, length, &status);
    if (U_FAILURE(status) || written >= capacity) return -1;
    out[written] = 0;
    return 0;
}

static int symbol(UNumberFormat *format, UNumberFormatSymbol which, char *out, int32_t capacity) {
    UChar buffer[16];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = unum_getSymbol(format, which, buffer, 16, &status);
    if (U_FAILURE(status) || length > 16) return -1;
    return utf8(buffer, length, out, capacity);
}

static int text_attribute(UNumberFormat *format, UNumberFormatTextAttribute which, char *out, int32_t capacity) {
    UChar buffer[32];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = unum_getTextAttribute(format, which, buffer, 32, &status);
    if (U_FAILURE(status) || length > 32) return -1;
    return utf8(buffer, length, out, capacity);
}

int pr_number_symbols_for(const char *tag, pr_number_symbols *out) {
    memset(out, 0, sizeof *out);
    char id[ULOC_FULLNAME_CAPACITY];
    int32_t parsed = 0;
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_forLanguageTag(tag, id, ULOC_FULLNAME_CAPACITY, &parsed, &status);
    if (U_FAILURE(status) || length <= 0 || length >= ULOC_FULLNAME_CAPACITY || parsed != (int32_t)strlen(tag)) {
        return -1;
    }
    UNumberFormat *decimal = unum_open(UNUM_DECIMAL, NULL, 0, id, NULL, &status);
    if (U_FAILURE(status)) return -3;
    const char *actual = unum_getLocaleByType(decimal, ULOC_ACTUAL_LOCALE, &status);
    // ICU falls back to the default locale, or to root, for a language it has no data of: the same language or
    // nothing.
    char asked[ULOC_LANG_CAPACITY], found[ULOC_LANG_CAPACITY];
    UErrorCode language_status = U_ZERO_ERROR;
    uloc_getLanguage(id, asked, sizeof asked, &language_status);
    uloc_getLanguage(actual ? actual : "", found, sizeof found, &language_status);
    if (U_FAILURE(status) || U_FAILURE(language_status) || actual == NULL || strcmp(asked, found) != 0) {
        unum_close(decimal);
        return -2;
    }
    int result = 0;
    uloc_toLanguageTag(actual, out->tag, sizeof out->tag, 1, &status);
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
    out->primary_grouping = unum_getAttribute(decimal, UNUM_GROUPING_USED) ? unum_getAttribute(decimal, UNUM_GROUPING_SIZE) : 0;
    out->secondary_grouping = unum_getAttribute(decimal, UNUM_SECONDARY_GROUPING_SIZE);
    if (out->secondary_grouping <= 0) out->secondary_grouping = out->primary_grouping;
    // The legacy formatter groups 1234 in every locale; the locale's own rule (CLDR's minimumGroupingDigits: 2 in
    // `es` and `pl`, where 1234 stays whole) is what the number formatter of ICU 62+ applies by default.
    out->minimum_grouping = 1;
    if (out->primary_grouping > 0) {
        UErrorCode format_status = U_ZERO_ERROR;
        UNumberFormatter *formatter = unumf_openForSkeletonAndLocale(u"", 0, id, &format_status);
        UFormattedNumber *formatted = unumf_openResult(&format_status);
        unumf_formatInt(formatter, 1234, formatted, &format_status);
        UChar grouped[32];
        int32_t length = unumf_resultToString(formatted, grouped, 32, &format_status);
        char text[128];
        if (U_SUCCESS(format_status) && utf8(grouped, length, text, sizeof text) == 0 && !strstr(text, out->group)) {
            out->minimum_grouping = 2;
        }
        if (formatted) unumf_closeResult(formatted);
        if (formatter) unumf_close(formatter);
    }
    unum_close(decimal);

    status = U_ZERO_ERROR;
    UNumberFormat *percent = unum_open(UNUM_PERCENT, NULL, 0, id, NULL, &status);
    if (U_FAILURE(status)) return -3;
    if (text_attribute(percent, UNUM_POSITIVE_PREFIX, out->percent_prefix, sizeof out->percent_prefix)) result = -3;
    if (text_attribute(percent, UNUM_POSITIVE_SUFFIX, out->percent_suffix, sizeof out->percent_suffix)) result = -3;
    unum_close(percent);
    return result;
}
