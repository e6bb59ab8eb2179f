#include "pr_palette.h"

#include <string.h>

#include "pr_pixel.h"

int pr_palette_build(pr_palette *p, const unsigned char *pixels, int width, int height, int stride,
                     unsigned char *indices) {
    uint32_t order[256];
    int n = 0, seen = 0;
    uint32_t last = 0;
    unsigned char index = 0;  // of `last`, in the order the colors first appear
    memset(p->slots, 0xFF, sizeof p->slots);
    // From the middle row outwards: a ring's label, where most colors are, is found first, so an image with too
    // many colors is known early.
    for (int i = 0; i < height; i++) {
        int y = (height - 1) / 2 + (i % 2 ? (i + 1) / 2 : -(i / 2));
        const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * (size_t)stride);
        unsigned char *out = indices + (size_t)y * (size_t)width;
        for (int x = 0; x < width; x++) {
            uint32_t v = row[x];
            // Neighbours are mostly equal: only a change of color needs the table.
            if (!seen || v != last) {
                last = v;
                seen = 1;
                unsigned slot = (v * 0x9E3779B1u) >> 23;
                while (p->slots[slot] >= 0 && p->keys[slot] != v) slot = (slot + 1) & 511;
                if (p->slots[slot] < 0) {
                    if (n == 256) return -1;
                    p->keys[slot] = v;
                    p->slots[slot] = (int16_t)n;
                    order[n++] = v;
                }
                index = (unsigned char)p->slots[slot];
            }
            out[x] = index;
        }
    }
    // Translucent colors first, each group in the order the colors first appear, so tRNS lists only those.
    unsigned char remap[256];
    int next = 0;
    for (int i = 0; i < n; i++)
        if (order[i] >> 24 != 255) remap[i] = (unsigned char)next++;
    p->translucent = next;
    for (int i = 0; i < n; i++)
        if (order[i] >> 24 == 255) remap[i] = (unsigned char)next++;
    for (int i = 0; i < n; i++) p->colors[remap[i]] = pr_unpremultiply(order[i]);
    p->count = n;
    size_t count = (size_t)width * (size_t)height;
    for (size_t i = 0; i < count; i++) indices[i] = remap[indices[i]];
    return 0;
}
