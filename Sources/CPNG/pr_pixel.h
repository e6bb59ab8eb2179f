#ifndef PROGRESS_RINGS_PR_PIXEL_H
#define PROGRESS_RINGS_PR_PIXEL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

// ceil(2^24 / a) for a = 1…255: x / a == (x · pr_reciprocals[a]) >> 24 for every x below 2^16, which saves
// three divisions per translucent pixel.
extern uint32_t pr_reciprocals[256];

// Fills pr_reciprocals; safe to call from any thread, any number of times.
void pr_pixel_init(void);

// The loops that touch every byte of an image are compiled twice on x86-64 with clang, for AVX2 and for the
// baseline, and `pr_use_avx2` (set once by pr_pixel_init from the CPU) picks one. A flag rather than an ifunc
// (target_clones): ifunc resolvers run before the sanitizers' runtimes start, and crash the sanitized builds.
#if defined(__x86_64__) && defined(__clang__)
#define PR_HAVE_AVX2_CLONES 1
#define PR_AVX2 __attribute__((target("avx2")))
#else
#define PR_HAVE_AVX2_CLONES 0
#define PR_AVX2
#endif
#define PR_INLINE_BODY static inline __attribute__((always_inline))

// Whether the AVX2 copies may run; valid after pr_pixel_init.
extern int pr_use_avx2;

// Straight RGBA (memory order R, G, B, A) of one premultiplied ARGB32 word, rounded as Cairo's own PNG writer does:
// each channel (c · 255 + a / 2) / a, at most 255.
static inline uint32_t pr_unpremultiply(uint32_t argb) {
    uint32_t a = argb >> 24;
    if (a == 0) return 0;
    uint32_t r = (argb >> 16) & 0xFF, g = (argb >> 8) & 0xFF, b = argb & 0xFF;
    if (a != 255) {
        uint64_t m = pr_reciprocals[a];
        r = (uint32_t)(((r * 255 + a / 2) * m) >> 24);
        g = (uint32_t)(((g * 255 + a / 2) * m) >> 24);
        b = (uint32_t)(((b * 255 + a / 2) * m) >> 24);
        if (r > 255) r = 255;
        if (g > 255) g = 255;
        if (b > 255) b = 255;
    }
    return r | (g << 8) | (b << 16) | (a << 24);
}

// The straight RGBA of a clear or opaque pixel: a swap of two bytes.
static inline uint32_t pr_swap_red_blue(uint32_t v) { return (v & 0xFF00FF00u) | ((v >> 16) & 0xFF) | (v & 0xFF) << 16; }

// Whether a pixel is neither clear nor opaque (nonzero when its alpha is 1…254).
static inline uint32_t pr_translucent(uint32_t v) { return ((v >> 24) + 1) & 0xFE; }

// Writes `width` pixels of a premultiplied ARGB32 row as straight RGBA bytes. Clear and opaque pixels, most of an
// image, only swap two bytes: eight at a time when none of the eight is translucent.
void pr_unpremultiply_row(const uint32_t *src, int width, unsigned char *dst);

#endif
