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

PR_AVX2 static void unpremultiply_row_avx2(const uint32_t *src, int width, unsigned char *dst) {
    unpremultiply_row(src, width, dst);
}

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
