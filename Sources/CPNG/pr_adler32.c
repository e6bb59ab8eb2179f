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

PR_AVX2 static uint32_t adler32_avx2(uint32_t adler, const unsigned char *data, size_t length) {
    return adler32(adler, data, length);
}

static uint32_t adler32_plain(uint32_t adler, const unsigned char *data, size_t length) {
    return adler32(adler, data, length);
}

uint32_t pr_adler32(uint32_t adler, const unsigned char *data, size_t length) {
    pr_pixel_init();
    return pr_use_avx2 ? adler32_avx2(adler, data, length) : adler32_plain(adler, data, length);
}
