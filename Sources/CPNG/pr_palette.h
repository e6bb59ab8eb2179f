#ifndef PROGRESS_RINGS_PR_PALETTE_H
#define PROGRESS_RINGS_PR_PALETTE_H

// The colors of an image that has at most 256 of them, for a palette PNG (color type 3 with tRNS). Internal to CPNG.

#include <stdint.h>

typedef struct pr_palette {
    uint32_t keys[512];   // premultiplied ARGB32 words, open addressing
    int16_t slots[512];   // palette index of keys[i], -1 for an empty slot
    uint32_t colors[256]; // straight RGBA (memory order R, G, B, A) by palette index
    int count;
    int translucent;      // entries 0 ..< translucent are the ones with alpha below 255 (tRNS lists only those)
    uint32_t last_key;
    int last_index;
} pr_palette;

// Collects the distinct pixels of a premultiplied ARGB32 image; 0 when there are at most 256 (the palette is
// then ready), -1 when there are more.
int pr_palette_build(pr_palette *p, const unsigned char *pixels, int width, int height, int stride);

// The palette index of a pixel of the image the palette was built from.
static inline unsigned char pr_palette_index(pr_palette *p, uint32_t argb) {
    if (argb == p->last_key) return (unsigned char)p->last_index;
    unsigned slot = (argb * 0x9E3779B1u) >> 23;
    while (p->keys[slot] != argb) slot = (slot + 1) & 511;
    p->last_key = argb;
    p->last_index = p->slots[slot];
    return (unsigned char)p->last_index;
}

#endif
