#include "pr_pixel.h"

#include <pthread.h>

uint32_t pr_reciprocals[256];
int pr_use_avx2;

static void make_tables(void) {
#if PR_HAVE_AVX2_CLONES
    __builtin_cpu_init();
    pr_use_avx2 = __builtin_cpu_supports("avx2");
#endif
    for (uint32_t a = 1; a < 256; a++) {
        // Exact for every dividend below 2^16, the largest being 255 · 255 + 127; the PNG tests decode every
        // alpha and channel value back.
        pr_reciprocals[a] = (uint32_t)(((1ull << 24) + a - 1) / a);
    }
}

void pr_pixel_init(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, make_tables);
}

PR_INLINE_BODY void unpremultiply_row(const uint32_t *src, int width, unsigned char *dst) {
    int x = 0;
    uint32_t last_in = 0, last_out = 0;  // a clear pixel stays clear
    for (; x + 8 <= width; x += 8) {
        uint32_t translucent = 0;
        for (int i = 0; i < 8; i++) translucent |= pr_translucent(src[x + i]);
        if (!translucent) {
            uint32_t rgba[8];
            for (int i = 0; i < 8; i++) rgba[i] = pr_swap_red_blue(src[x + i]);
            memcpy(dst + (size_t)x * 4, rgba, sizeof rgba);
            continue;
        }
        for (int i = 0; i < 8; i++) {
            uint32_t v = src[x + i];
            // A translucent pixel is most often its left neighbour again (a faint track's inside): reuse it.
            if (v != last_in) last_out = pr_translucent(v) ? pr_unpremultiply(v) : pr_swap_red_blue(v);
            last_in = v;
            memcpy(dst + (size_t)(x + i) * 4, &last_out, 4);
        }
    }
    for (; x < width; x++) {
        uint32_t v = src[x];
        uint32_t rgba = pr_translucent(v) ? pr_unpremultiply(v) : pr_swap_red_blue(v);
        memcpy(dst + (size_t)x * 4, &rgba, 4);
    }
}

#if PR_HAVE_AVX2_CLONES
#include <immintrin.h>

// Eight pixels a step. Clear and opaque ones swap two bytes; translucent ones divide in single precision, which
// is exact here: a dividend below 2^16 and a divisor of at most 255 leave a quotient that is either whole or at
// least 1/255 below the next whole number, more than half a float's spacing there, so truncating it floors it.
PR_AVX2 static void unpremultiply_row_avx2(const uint32_t *src, int width, unsigned char *dst) {
    const __m256i byte = _mm256_set1_epi32(0xFF), zero = _mm256_setzero_si256();
    const __m256i swap = _mm256_setr_epi8(2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14, 13, 12, 15, 2, 1, 0, 3, 6, 5, 4,
                                          7, 10, 9, 8, 11, 14, 13, 12, 15);
    int x = 0;
    uint32_t last_in = 0, last_out = 0;  // a clear pixel stays clear
    for (; x + 8 <= width; x += 8) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(src + x));
        __m256i alpha = _mm256_srli_epi32(v, 24);
        // Translucent lanes: alpha neither 0 nor 255.
        __m256i clear = _mm256_cmpeq_epi32(alpha, zero), opaque = _mm256_cmpeq_epi32(alpha, byte);
        if (_mm256_movemask_epi8(_mm256_or_si256(clear, opaque)) == -1) {
            _mm256_storeu_si256((__m256i *)(dst + (size_t)x * 4), _mm256_shuffle_epi8(v, swap));
            continue;
        }
        // Eight of one translucent pixel (the inside of a faint track): divided once, and kept for the next eight.
        uint32_t first = (uint32_t)_mm256_cvtsi256_si32(v);
        if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(v, _mm256_set1_epi32((int)first))) == -1) {
            if (first != last_in) {
                last_in = first;
                last_out = pr_unpremultiply(first);
            }
            _mm256_storeu_si256((__m256i *)(dst + (size_t)x * 4), _mm256_set1_epi32((int)last_out));
            continue;
        }
        __m256 divisor = _mm256_cvtepi32_ps(alpha);
        __m256i half = _mm256_srli_epi32(alpha, 1);
        __m256i out = _mm256_slli_epi32(alpha, 24);
        for (int shift = 0; shift <= 16; shift += 8) {
            __m256i c = _mm256_and_si256(_mm256_srli_epi32(v, shift), byte);
            __m256i dividend = _mm256_add_epi32(_mm256_sub_epi32(_mm256_slli_epi32(c, 8), c), half);
            __m256i q = _mm256_cvttps_epi32(_mm256_div_ps(_mm256_cvtepi32_ps(dividend), divisor));
            q = _mm256_min_epi32(q, byte);
            // ARGB's blue (shift 0) is RGBA's third byte, red (shift 16) its first.
            out = _mm256_or_si256(out, _mm256_slli_epi32(q, 16 - shift));
        }
        // A clear pixel is 0 whatever its channels (the division by 0 gave nonsense there).
        out = _mm256_andnot_si256(clear, out);
        _mm256_storeu_si256((__m256i *)(dst + (size_t)x * 4), out);
    }
    unpremultiply_row(src + x, width - x, dst + (size_t)x * 4);
}
#else
static void unpremultiply_row_avx2(const uint32_t *src, int width, unsigned char *dst) {
    unpremultiply_row(src, width, dst);
}
#endif

static void unpremultiply_row_plain(const uint32_t *src, int width, unsigned char *dst) {
    unpremultiply_row(src, width, dst);
}

void pr_unpremultiply_row(const uint32_t *src, int width, unsigned char *dst) {
    if (pr_use_avx2) {
        unpremultiply_row_avx2(src, width, dst);
    } else {
        unpremultiply_row_plain(src, width, dst);
    }
}
