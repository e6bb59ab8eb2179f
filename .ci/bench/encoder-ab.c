// The PNG encoder of several builds on the same images, in one process, taking turns image by image, so that
// whatever else the machine does falls on each alike (see encoder-ab.sh). Each build is a shared library of
// Sources/CPNG; the images are ring-bench --surfaces output.
// Usage: encoder-ab SURFACES PALETTE PASSES LIBRARY...
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pr_png.h"

typedef const unsigned char *(*encode_fn)(const unsigned char *, int, int, int, const pr_png_options *, size_t *);

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: %s SURFACES PALETTE PASSES LIBRARY...\n", argv[0]);
        return 2;
    }
    int palette = atoi(argv[2]), passes = atoi(argv[3]), builds = argc - 4;
    if (passes < 1) return fprintf(stderr, "PASSES must be at least 1\n"), 2;
    if (builds > 8) return fprintf(stderr, "at most 8 builds\n"), 2;
    FILE *f = fopen(argv[1], "rb");
    if (!f) return perror(argv[1]), 1;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *file = malloc((size_t)size);
    if (!file || fread(file, 1, (size_t)size, f) != (size_t)size) return fprintf(stderr, "cannot read\n"), 1;
    fclose(f);
    // Each image: width and height (little-endian 32-bit), then its rows.
    size_t offsets[4096];
    int count = 0;
    for (long at = 0; at + 8 <= size && count < 4096;) {
        int32_t wh[2];
        memcpy(wh, file + at, 8);
        long length = (long)wh[0] * wh[1] * 4;
        if (wh[0] <= 0 || wh[1] <= 0 || length > size - at - 8) return fprintf(stderr, "truncated surfaces\n"), 1;
        offsets[count++] = (size_t)at;
        at += 8 + length;
    }
    if (count == 0) return fprintf(stderr, "no images in %s\n", argv[1]), 1;
    encode_fn encode[8];
    for (int b = 0; b < builds; b++) {
        void *library = dlopen(argv[4 + b], RTLD_NOW | RTLD_LOCAL);
        if (!library) return fprintf(stderr, "%s\n", dlerror()), 1;
        encode[b] = (encode_fn)dlsym(library, "pr_png_encode_argb32");
        if (!encode[b]) return fprintf(stderr, "%s: no encoder\n", argv[4 + b]), 1;
    }
    pr_png_options options = {0, 0, 0, PR_PNG_DEFLATE_SCANLINE, palette};
    double spent[8] = {0};
    size_t bytes[8] = {0};
    unsigned char *image = NULL;
    size_t capacity = 0;
    for (int pass = 0; pass < passes; pass++) {
        for (int i = 0; i < count; i++) {
            int32_t wh[2];
            memcpy(wh, file + offsets[i], 8);
            size_t length = (size_t)wh[0] * wh[1] * 4;
            if (length > capacity) {
                free(image);
                if (!(image = malloc(capacity = length))) return fprintf(stderr, "out of memory\n"), 1;
            }
            for (int k = 0; k < builds; k++) {
                int b = (k + i + pass) % builds;
                // A fresh copy, as a surface just drawn would be: in the cache, and not the last build's input.
                memcpy(image, file + offsets[i] + 8, length);
                size_t written = 0;
                double start = now_ns();
                if (!encode[b](image, wh[0], wh[1], wh[0] * 4, &options, &written)) return fprintf(stderr, "failed\n"), 1;
                spent[b] += now_ns() - start;
                if (pass == 0) bytes[b] += written;
            }
        }
    }
    printf("| build | µs an image | bytes an image | time ÷ first |\n|---|---:|---:|---:|\n");
    for (int b = 0; b < builds; b++)
        printf("| %s | %.1f | %zu | %.3f |\n", argv[4 + b], spent[b] / 1e3 / count / passes, bytes[b] / (size_t)count,
               spent[b] / spent[0]);
    return 0;
}
