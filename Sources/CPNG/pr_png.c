// A small PNG writer for ring images: premultiplied ARGB32 in, straight-alpha RGBA PNG out (or a palette PNG when
// the image has at most 256 distinct pixels), deflated by zlib or by the scanline deflate of pr_deflate.c.
#include "pr_png.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "pr_deflate.h"
#include "pr_filter.h"
#include "pr_palette.h"
#include "pr_pixel.h"

// Symbols of one block of the scanline deflate: 128 KiB of scratch per thread.
#define SYMBOL_CAPACITY 32768

// Per-thread state: a deflate stream (deflateInit allocates and clears ~256 KiB, which costs more than compressing
// a small ring) and a scratch buffer for the filtered rows. Freed when the thread ends.
typedef struct pr_thread_state {
    z_stream stream;
    int stream_ready;
    int level;
    int strategy;
    unsigned char *scratch;
    size_t scratch_capacity;
    unsigned char *output;
    size_t output_capacity;
    uint32_t *symbols;
    unsigned char *indices;  // a palette image's indices, width bytes a row
    size_t indices_capacity;
    pr_palette palette;
} pr_thread_state;

static pthread_key_t state_key;
static pthread_once_t state_once = PTHREAD_ONCE_INIT;

static void free_state(void *p) {
    pr_thread_state *s = p;
    if (s->stream_ready) deflateEnd(&s->stream);
    free(s->scratch);
    free(s->output);
    free(s->symbols);
    free(s->indices);
    free(s);
}

static void make_key(void) { pthread_key_create(&state_key, free_state); }

static pr_thread_state *thread_state(void) {
    pthread_once(&state_once, make_key);
    pr_thread_state *s = pthread_getspecific(state_key);
    if (!s) {
        s = calloc(1, sizeof *s);
        if (!s) return NULL;
        if (pthread_setspecific(state_key, s) != 0) {
            free(s);
            return NULL;
        }
    }
    return s;
}

// Returns a buffer of at least `size` bytes. One that grew past 4 MiB for a large image is given back on the next
// small one, so a single 2048 px request does not pin megabytes in every thread.
static unsigned char *grow(unsigned char **buffer, size_t *capacity, size_t size) {
    const size_t keep = (size_t)4 << 20;
    if (*capacity < size || (*capacity > keep && size <= keep)) {
        free(*buffer);
        *buffer = malloc(size);
        *capacity = *buffer ? size : 0;
    }
    return *buffer;
}

static z_stream *stream_for(pr_thread_state *s, int level, int strategy) {
    if (s->stream_ready && (s->level != level || s->strategy != strategy)) {
        deflateEnd(&s->stream);
        s->stream_ready = 0;
    }
    if (!s->stream_ready) {
        memset(&s->stream, 0, sizeof s->stream);
        // A full 32 KiB window and zlib's default memLevel: smaller windows measured slower (more sliding) and
        // memLevel 9 slower (a hash table that no longer fits the cache) on 128 px rings.
        if (deflateInit2(&s->stream, level, Z_DEFLATED, 15, 8, strategy) != Z_OK) return NULL;
        s->stream_ready = 1;
        s->level = level;
        s->strategy = strategy;
    } else if (deflateReset(&s->stream) != Z_OK) {
        return NULL;
    }
    return &s->stream;
}

static void put32(unsigned char *p, uint32_t v) {
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

// Writes a chunk whose data already sits at out + 8; returns the chunk's total size.
static size_t finish_chunk(unsigned char *out, const char type[4], size_t length) {
    put32(out, (uint32_t)length);
    memcpy(out + 4, type, 4);
    uint32_t crc = (uint32_t)crc32(0L, out + 4, (uInt)(length + 4));
    put32(out + 8 + length, crc);
    return length + 12;
}

size_t pr_png_bound(int width, int height) {
    if (width <= 0 || height <= 0) return 0;
    size_t raw = (size_t)height * ((size_t)width * 4 + 1);
    // signature + IHDR + PLTE + tRNS + IDAT framing + IEND, and zlib's worst case (stored blocks) with margin.
    return 8 + 25 + (12 + 768) + (12 + 256) + 12 + 12 + raw + raw / 1000 + 64 + (raw >> 12) + (raw >> 14) + 1024;
}

// Writes row y of the image into dst: straight RGBA, or its palette indices (`indices`, written by the palette).
static void convert_row(const unsigned char *pixels, int stride, int width, int y, const unsigned char *indices,
                        unsigned char *dst) {
    if (indices) {
        memcpy(dst, indices + (size_t)y * (size_t)width, (size_t)width);
        return;
    }
    pr_unpremultiply_row((const uint32_t *)(pixels + (size_t)y * (size_t)stride), width, dst);
}

// Filters and deflates the rows into the IDAT data at out; returns its length, or 0 on failure.
static size_t write_image_data(pr_thread_state *state, const unsigned char *pixels, int width, int height, int stride,
                               const pr_png_options *options, pr_palette *palette, unsigned char *out,
                               size_t capacity) {
    // Rows are filtered into a chunk of about 128 KiB and deflated chunk by chunk, so a 2048 px image needs
    // 128 KiB of scratch rather than a 16 MiB copy of itself; a 128 px ring still fits one chunk.
    size_t bpp = palette ? 1 : 4;
    const unsigned char *indices = palette ? state->indices : NULL;
    size_t pixel_row = (size_t)width * bpp;
    size_t filtered_row = 1 + pixel_row;
    size_t chunk_rows = ((size_t)128 << 10) / filtered_row;
    if (chunk_rows < 1) chunk_rows = 1;
    if (chunk_rows > (size_t)height) chunk_rows = (size_t)height;
    size_t chunk_size = chunk_rows * filtered_row;
    // Scratch layout: the last filtered row of the previous chunk (the scanline deflate matches against it), one
    // chunk of filtered rows, then two unfiltered rows for the filters.
    unsigned char *work = grow(&state->scratch, &state->scratch_capacity, filtered_row + chunk_size + 2 * pixel_row);
    if (!work) return 0;
    unsigned char *history = work;
    unsigned char *filtered = work + filtered_row;
    unsigned char *extra = filtered + chunk_size;
    unsigned char *rows[2] = {extra, extra + pixel_row};

    int scanline = options->deflater == PR_PNG_DEFLATE_SCANLINE;
    pr_deflate d;
    z_stream *z = NULL;
    if (scanline) {
        if (!state->symbols && !(state->symbols = malloc(SYMBOL_CAPACITY * sizeof *state->symbols))) return 0;
        pr_deflate_begin(&d, out, capacity, state->symbols, SYMBOL_CAPACITY);
    } else {
        if (!(z = stream_for(state, options->level, options->strategy))) return 0;
        z->next_out = out;
        z->avail_out = (uInt)capacity;
    }
    int rc = Z_OK;
    for (int first = 0; first < height; first += (int)chunk_rows) {
        int last = first + (int)chunk_rows < height ? first + (int)chunk_rows : height;
        unsigned char *dst = filtered;
        for (int y = first; y < last; y++) {
            int type = options->filter;
            if (type == PR_PNG_FILTER_NONE) {
                // Unfiltered rows go straight into the deflate's input: no copy.
                dst[0] = 0;
                convert_row(pixels, stride, width, y, indices, dst + 1);
                dst += filtered_row;
                continue;
            }
            unsigned char *cur = rows[y & 1];
            const unsigned char *prev = y > 0 ? rows[(y - 1) & 1] : NULL;
            convert_row(pixels, stride, width, y, indices, cur);
            if (type == PR_PNG_FILTER_ADAPTIVE) {
                unsigned long best = (unsigned long)-1;
                int best_type = 0;
                for (int t = 0; t <= 4; t++) {
                    pr_filter_row(t, cur, prev, pixel_row, (int)bpp, dst + 1);
                    unsigned long cost = pr_row_cost(dst + 1, pixel_row);
                    if (cost < best) {
                        best = cost;
                        best_type = t;
                    }
                }
                type = best_type;
            }
            dst[0] = (unsigned char)type;
            pr_filter_row(type, cur, prev, pixel_row, (int)bpp, dst + 1);
            dst += filtered_row;
        }
        size_t length = (size_t)(dst - filtered);
        if (scanline) {
            size_t behind = first == 0 ? 0 : filtered_row;
            if (pr_deflate_rows(&d, filtered - behind, behind, length, filtered_row, bpp, last == height) != 0)
                return 0;
            memcpy(history, dst - filtered_row, filtered_row);
            continue;
        }
        z->next_in = filtered;
        z->avail_in = (uInt)length;
        // The output buffer holds the worst case of the whole stream, so every chunk is consumed in full.
        rc = deflate(z, last == height ? Z_FINISH : Z_NO_FLUSH);
        if (rc != (last == height ? Z_STREAM_END : Z_OK) || z->avail_in != 0) break;
    }
    if (scanline) return pr_deflate_end(&d, out);
    if (rc != Z_STREAM_END) {
        deflateEnd(z);
        state->stream_ready = 0;
        return 0;
    }
    return (size_t)z->total_out;
}

const unsigned char *pr_png_encode_argb32(const unsigned char *pixels, int width, int height, int stride,
                                          const pr_png_options *options, size_t *length) {
    if (!pixels || !options || !length || width <= 0 || height <= 0 || stride < width * 4) return NULL;
    if (width > 32768 || height > 32768) return NULL;
    pr_thread_state *state = thread_state();
    if (!state) return NULL;
    pr_pixel_init();
    size_t capacity = pr_png_bound(width, height);
    unsigned char *out = grow(&state->output, &state->output_capacity, capacity);
    if (!out) return NULL;
    pr_palette *palette = NULL;
    if (options->palette) {
        unsigned char *indices = grow(&state->indices, &state->indices_capacity, (size_t)width * (size_t)height);
        if (indices && pr_palette_build(&state->palette, pixels, width, height, stride, indices) == 0)
            palette = &state->palette;
    }

    static const unsigned char signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    size_t pos = 0;
    memcpy(out, signature, 8);
    pos += 8;

    unsigned char *ihdr = out + pos + 8;
    put32(ihdr, (uint32_t)width);
    put32(ihdr + 4, (uint32_t)height);
    ihdr[8] = 8;                         // bit depth
    ihdr[9] = palette ? 3 : 6;           // palette, or RGBA
    ihdr[10] = ihdr[11] = ihdr[12] = 0;  // deflate, adaptive filtering, no interlace
    pos += finish_chunk(out + pos, "IHDR", 13);
    if (palette) {
        unsigned char *plte = out + pos + 8;
        for (int i = 0; i < palette->count; i++) memcpy(plte + 3 * i, &palette->colors[i], 3);
        pos += finish_chunk(out + pos, "PLTE", 3 * (size_t)palette->count);
        if (palette->translucent > 0) {
            unsigned char *trns = out + pos + 8;
            for (int i = 0; i < palette->translucent; i++) trns[i] = (unsigned char)(palette->colors[i] >> 24);
            pos += finish_chunk(out + pos, "tRNS", (size_t)palette->translucent);
        }
    }

    size_t data = write_image_data(state, pixels, width, height, stride, options, palette, out + pos + 8,
                                   capacity - pos - 8 - 4 - 12);
    if (data == 0) return NULL;
    pos += finish_chunk(out + pos, "IDAT", data);
    pos += finish_chunk(out + pos, "IEND", 0);
    *length = pos;
    return out;
}

void pr_png_release_large_buffers(void) {
    const size_t keep = (size_t)4 << 20;
    pthread_once(&state_once, make_key);
    pr_thread_state *s = pthread_getspecific(state_key);
    if (!s) return;
    if (s->output_capacity > keep) {
        free(s->output);
        s->output = NULL;
        s->output_capacity = 0;
    }
    if (s->scratch_capacity > keep) {
        free(s->scratch);
        s->scratch = NULL;
        s->scratch_capacity = 0;
    }
    if (s->indices_capacity > keep) {
        free(s->indices);
        s->indices = NULL;
        s->indices_capacity = 0;
    }
}
