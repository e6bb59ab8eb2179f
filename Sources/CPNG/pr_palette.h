#ifndef PROGRESS_RINGS_PR_PALETTE_H
#define PROGRESS_RINGS_PR_PALETTE_H

// The colors of an image that has at most 256 of them, for a palette PNG (color type 3 with tRNS). Internal to CPNG.

#include <stdint.h>

typedef struct pr_palette {
    uint32_t keys[512];   // premultiplied ARGB32 words, open addressing
    int16_t slots[512];   // index of keys[i] in the order the colors first appear, -1 for an empty slot
    uint32_t colors[256]; // straight RGBA (memory order R, G, B, A) by palette index
    int count;
    int translucent;      // entries 0 ..< translucent are the ones with alpha below 255 (tRNS lists only those)
} pr_palette;

// Collects the distinct pixels of a premultiplied ARGB32 image and writes each pixel's palette index to indices
// (width bytes a row); 0 when there are at most 256 (the palette and the indices are then ready), -1 when there
// are more (the indices are then partly written).
int pr_palette_build(pr_palette *p, const unsigned char *pixels, int width, int height, int stride,
                     unsigned char *indices);

#endif
