#include "pr_palette.h"

#include <string.h>

#include "pr_pixel.h"

int pr_palette_build(pr_palette *p, const unsigned char *pixels, int width, int height, int stride) {
    uint32_t order[256];
    int n = 0, seen = 0;
    uint32_t last = 0;
    memset(p->slots, 0xFF, sizeof p->slots);
    // From the middle row outwards: a ring's label, where most colors are, is found first, so an image with too
    // many colors is known early.
    for (int i = 0; i < height; i++) {
        int y = (height - 1) / 2 + (i % 2 ? (i + 1) / 2 : -(i / 2));
        const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * (size_t)stride);
        for (int x = 0; x < width; x++) {
            uint32_t v = row[x];
            // Neighbours are mostly equal: only a change of color needs the table.
            if (seen && v == last) continue;
            last = v;
            seen = 1;
            unsigned slot = (v * 0x9E3779B1u) >> 23;
            while (p->slots[slot] >= 0 && p->keys[slot] != v) slot = (slot + 1) & 511;
            if (p->slots[slot] >= 0) continue;
            if (n == 256) return -1;
            p->keys[slot] = v;
            p->slots[slot] = (int16_t)n;
            order[n++] = v;
        }
    }
    // Translucent colors first, each group in the order the colors first appear, so tRNS lists only those.
    int remap[256], next = 0;
    for (int i = 0; i < n; i++)
        if (order[i] >> 24 != 255) remap[i] = next++;
    p->translucent = next;
    for (int i = 0; i < n; i++)
        if (order[i] >> 24 == 255) remap[i] = next++;
    for (int slot = 0; slot < 512; slot++)
        if (p->slots[slot] >= 0) p->slots[slot] = (int16_t)remap[p->slots[slot]];
    for (int i = 0; i < n; i++) p->colors[remap[i]] = pr_unpremultiply(order[i]);
    p->count = n;
    p->last_key = order[0];
    p->last_index = remap[0];
    return 0;
}
