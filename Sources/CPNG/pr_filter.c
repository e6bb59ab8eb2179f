// The PNG row filters (RFC 2083 §6).
#include "pr_filter.h"

#include <stdlib.h>
#include <string.h>

#include "pr_png.h"

static inline unsigned char paeth(int a, int b, int c) {
    int p = a + b - c;
    int pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    if (pa <= pb && pa <= pc) return (unsigned char)a;
    if (pb <= pc) return (unsigned char)b;
    return (unsigned char)c;
}

// Filters one row of `n` bytes (`bpp` bytes per pixel) with `type` into dst (without the type byte).
void pr_filter_row(int type, const unsigned char *cur, const unsigned char *prev, size_t n, int bpp,
                       unsigned char *dst) {
    size_t i;
    switch (type) {
    case PR_PNG_FILTER_SUB:
        for (i = 0; i < (size_t)bpp && i < n; i++) dst[i] = cur[i];
        for (; i < n; i++) dst[i] = (unsigned char)(cur[i] - cur[i - bpp]);
        break;
    case PR_PNG_FILTER_UP:
        for (i = 0; i < n; i++) dst[i] = (unsigned char)(cur[i] - (prev ? prev[i] : 0));
        break;
    case PR_PNG_FILTER_AVERAGE:
        for (i = 0; i < n; i++) {
            int left = i >= (size_t)bpp ? cur[i - bpp] : 0;
            int up = prev ? prev[i] : 0;
            dst[i] = (unsigned char)(cur[i] - ((left + up) >> 1));
        }
        break;
    case PR_PNG_FILTER_PAETH:
        for (i = 0; i < n; i++) {
            int left = i >= (size_t)bpp ? cur[i - bpp] : 0;
            int up = prev ? prev[i] : 0;
            int upleft = (prev && i >= (size_t)bpp) ? prev[i - bpp] : 0;
            dst[i] = (unsigned char)(cur[i] - paeth(left, up, upleft));
        }
        break;
    default:
        memcpy(dst, cur, n);
        break;
    }
}

unsigned long pr_row_cost(const unsigned char *row, size_t n) {
    unsigned long sum = 0;
    for (size_t i = 0; i < n; i++) sum += row[i] < 128 ? row[i] : 256 - row[i];
    return sum;
}
