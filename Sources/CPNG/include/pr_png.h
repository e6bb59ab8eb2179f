#ifndef PROGRESS_RINGS_PR_PNG_H
#define PROGRESS_RINGS_PR_PNG_H

#include <stddef.h>
#include <stdint.h>

/* Row filters of PNG (RFC 2083 §6) plus an adaptive choice per row (least sum of absolute differences). */
enum {
    PR_PNG_FILTER_NONE = 0,
    PR_PNG_FILTER_SUB = 1,
    PR_PNG_FILTER_UP = 2,
    PR_PNG_FILTER_AVERAGE = 3,
    PR_PNG_FILTER_PAETH = 4,
    PR_PNG_FILTER_ADAPTIVE = 5
};

/* Which deflate writes the image data: zlib, or the scanline deflate of pr_deflate.c (matches only at the pixel to
   the left, the one above and the last place the same four bytes were seen; dynamic Huffman codes). */
enum { PR_PNG_DEFLATE_ZLIB = 0, PR_PNG_DEFLATE_SCANLINE = 1 };

/* How to encode: the deflate; for zlib its level 0…9 and strategy (0 default, 1 filtered, 2 Huffman only, 3 RLE);
   the row filter; and whether an image of at most 256 distinct pixels is written with a palette (color type 3,
   alpha in tRNS) instead of RGBA. */
typedef struct pr_png_options {
    int level;
    int strategy;
    int filter;
    int deflater;
    int palette;
} pr_png_options;

/* An upper bound of the encoded size of a width × height image. */
size_t pr_png_bound(int width, int height);

/* Encodes Cairo ARGB32 pixels (premultiplied alpha, native-endian 32-bit words, rows `stride` bytes apart) as a PNG
   with straight alpha, 8 bits a channel or a palette of 8-bit indices. Writes no time or text chunks, so equal pixels give equal bytes. Returns the PNG, `*length`
   bytes in a buffer owned by the calling thread and valid until its next call (copy it out), or NULL (bad arguments,
   out of memory, zlib error). Thread-safe: each thread has its own zlib stream and buffers. */
const unsigned char *pr_png_encode_argb32(const unsigned char *pixels, int width, int height, int stride,
                                          const pr_png_options *options, size_t *length);

/* Frees the calling thread's buffers that grew past 4 MiB for a large image. Call it once the last PNG has been
   copied out: a thread that only ever encodes large images would otherwise keep them for good. */
void pr_png_release_large_buffers(void);

/* Writes Cairo ARGB32 pixels as straight RGBA bytes (R, G, B, A in memory, width × 4 bytes a row, no gap), rounded
   exactly as the PNG writer rounds them: what the other raster formats (WebP, GIF) encode, so that each shows the
   PNG's pixels. */
void pr_argb32_to_rgba(const unsigned char *pixels, int width, int height, int stride, unsigned char *rgba);

#endif
