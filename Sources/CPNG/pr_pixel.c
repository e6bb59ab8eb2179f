#include "pr_pixel.h"

#include <pthread.h>

uint32_t pr_reciprocals[256];

static void make_reciprocals(void) {
    for (uint32_t a = 1; a < 256; a++) {
        // Exact for every dividend below 2^16, the largest being 255 · 255 + 127; the PNG tests decode every
        // alpha and channel value back.
        pr_reciprocals[a] = (uint32_t)(((1ull << 24) + a - 1) / a);
    }
}

void pr_pixel_init(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, make_reciprocals);
}
