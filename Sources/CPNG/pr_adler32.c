#include "pr_deflate.h"
#include "pr_pixel.h"

PR_INLINE_BODY uint32_t adler32(uint32_t adler, const unsigned char *data, size_t length) {
    uint32_t a = adler & 0xFFFF, b = adler >> 16;
    while (length > 0) {
        // 5536 bytes (173 blocks of 32) keep both sums within 32 bits, as zlib's NMAX of 5552 does.
        size_t n = length < 5536 ? length : 5536;
        size_t blocks = n / 32;
        for (size_t k = 0; k < blocks; k++, data += 32) {
            // A block of 32 adds 32 a + 32 b0 + 31 b1 + … + b31 to b: fixed weights, which vectorize.
            uint32_t sum = 0, weighted = 0;
            for (int i = 0; i < 32; i++) {
                sum += data[i];
                weighted += (uint32_t)(32 - i) * data[i];
            }
            b += 32 * a + weighted;
            a += sum;
        }
        for (size_t i = blocks * 32; i < n; i++) {
            a += *data++;
            b += a;
        }
        a %= 65521;
        b %= 65521;
        length -= n;
    }
    return (b << 16) | a;
}

#if PR_HAVE_AVX2_CLONES
#include <immintrin.h>

// The same sums 32 bytes a step in vector registers: the byte sum with psadbw, the weighted one with pmaddubsw
// (weights 32…1), and the running sum of a before each block, which adds 32 times itself to b. Lanes stay within
// 32 bits over 5536 bytes (173 blocks); the three are added in 64 bits.
PR_AVX2 static uint32_t adler32_avx2(uint32_t adler, const unsigned char *data, size_t length) {
    uint32_t a = adler & 0xFFFF, b = adler >> 16;
    const __m256i weights = _mm256_setr_epi8(32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15,
                                             14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
    const __m256i ones = _mm256_set1_epi16(1), zero = _mm256_setzero_si256();
    while (length >= 32) {
        size_t n = length < 5536 ? length : 5536;
        size_t blocks = n / 32;
        __m256i sums = zero, before = zero, weighted = zero;
        for (size_t k = 0; k < blocks; k++, data += 32) {
            __m256i bytes = _mm256_loadu_si256((const __m256i *)data);
            before = _mm256_add_epi32(before, sums);
            sums = _mm256_add_epi32(sums, _mm256_sad_epu8(bytes, zero));
            weighted = _mm256_add_epi32(weighted, _mm256_madd_epi16(_mm256_maddubs_epi16(bytes, weights), ones));
        }
        uint32_t lanes[8];
        uint64_t sum = 0, before_sum = 0, weighted_sum = 0;
        _mm256_storeu_si256((__m256i *)lanes, sums);
        for (int i = 0; i < 8; i++) sum += lanes[i];
        _mm256_storeu_si256((__m256i *)lanes, before);
        for (int i = 0; i < 8; i++) before_sum += lanes[i];
        _mm256_storeu_si256((__m256i *)lanes, weighted);
        for (int i = 0; i < 8; i++) weighted_sum += lanes[i];
        b = (uint32_t)((b + 32 * (uint64_t)a * blocks + 32 * before_sum + weighted_sum) % 65521);
        a = (uint32_t)((a + sum) % 65521);
        length -= blocks * 32;
    }
    return adler32(b << 16 | a, data, length);
}
#else
static uint32_t adler32_avx2(uint32_t adler, const unsigned char *data, size_t length) {
    return adler32(adler, data, length);
}
#endif

static uint32_t adler32_plain(uint32_t adler, const unsigned char *data, size_t length) {
    return adler32(adler, data, length);
}

uint32_t pr_adler32(uint32_t adler, const unsigned char *data, size_t length) {
    pr_pixel_init();
    return pr_use_avx2 ? adler32_avx2(adler, data, length) : adler32_plain(adler, data, length);
}
