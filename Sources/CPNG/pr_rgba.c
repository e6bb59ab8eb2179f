#include "pr_pixel.h"
#include "pr_png.h"

void pr_argb32_to_rgba(const unsigned char *pixels, int width, int height, int stride, unsigned char *rgba) {
    pr_pixel_init();
    for (int y = 0; y < height; y++) {
        pr_unpremultiply_row((const uint32_t *)(const void *)(pixels + (size_t)y * (size_t)stride), width,
                             rgba + (size_t)y * (size_t)width * 4);
    }
}
