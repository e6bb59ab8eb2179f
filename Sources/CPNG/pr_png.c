// A small PNG writer on top of zlib for ring images: premultiplied ARGB32 in, straight-alpha RGBA PNG out.
// A palette image is not attempted: anti-aliased edges against transparency give each stroke color up to
// 255 alpha levels, so rings almost never fit in 256 colors.
#include "pr_png.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

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
} pr_thread_state;

static pthread_key_t state_key;
static pthread_once_t state_once = PTHREAD_ONCE_INIT;

static void free_state(void *p) {
    pr_thread_state *s = p;
    if (s->stream_ready) deflateEnd(&s->stream);
    free(s->scratch);
    free(s->output);
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
    // signature + IHDR + IDAT framing + IEND, and zlib's worst case (stored blocks) with margin.
    return 8 + 25 + 12 + 12 + raw + raw / 1000 + 64 + (raw >> 12) + (raw >> 14) + 1024;
}

static inline unsigned char paeth(int a, int b, int c) {
    int p = a + b - c;
    int pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    if (pa <= pb && pa <= pc) return (unsigned char)a;
    if (pb <= pc) return (unsigned char)b;
    return (unsigned char)c;
}

// Filters one row of `n` bytes (`bpp` bytes per pixel) with `type` into dst (without the type byte).
static void filter_row(int type, const unsigned char *cur, const unsigned char *prev, size_t n, int bpp,
                       unsigned char *dst) {
    size_t i;
    switch (type) {
    case PR_PNG_FILTER_SUB:
        for (i = 0; i < (size_t)bpp && i < n; i++) dst[i] = cur[i];
        for (; i < n; i++) dst[i] = (unsigned char)(cur[i] - cur[i - bpp]);
        break;
    case PR_PNG_FILTER_UP:
        for (i = 0; i < n; i++) dst[i] = (unsigned char)(cur[i] - (prev ? prev[i] : 0));
        break;
    case PR_PNG_FILTER_AVERAGE:
        for (i = 0; i < n; i++) {
            int left = i >= (size_t)bpp ? cur[i - bpp] : 0;
            int up = prev ? prev[i] : 0;
            dst[i] = (unsigned char)(cur[i] - ((left + up) >> 1));
        }
        break;
    case PR_PNG_FILTER_PAETH:
        for (i = 0; i < n; i++) {
            int left = i >= (size_t)bpp ? cur[i - bpp] : 0;
            int up = prev ? prev[i] : 0;
            int upleft = (prev && i >= (size_t)bpp) ? prev[i - bpp] : 0;
            dst[i] = (unsigned char)(cur[i] - paeth(left, up, upleft));
        }
        break;
    default:
        memcpy(dst, cur, n);
        break;
    }
}

static unsigned long row_cost(const unsigned char *row, size_t n) {
    unsigned long sum = 0;
    for (size_t i = 0; i < n; i++) sum += row[i] < 128 ? row[i] : 256 - row[i];
    return sum;
}

// Straight RGBA of one premultiplied ARGB32 word, rounded as Cairo's own PNG writer does.
static inline uint32_t unpremultiply(uint32_t argb) {
    uint32_t a = argb >> 24;
    if (a == 0) return 0;
    uint32_t r = (argb >> 16) & 0xFF, g = (argb >> 8) & 0xFF, b = argb & 0xFF;
    if (a != 255) {
        r = (r * 255 + a / 2) / a;
        g = (g * 255 + a / 2) / a;
        b = (b * 255 + a / 2) / a;
        if (r > 255) r = 255;
        if (g > 255) g = 255;
        if (b > 255) b = 255;
    }
    // Memory order R, G, B, A.
    return r | (g << 8) | (b << 16) | (a << 24);
}

const unsigned char *pr_png_encode_argb32(const unsigned char *pixels, int width, int height, int stride,
                                          const pr_png_options *options, size_t *length) {
    if (!pixels || !options || !length || width <= 0 || height <= 0 || stride < width * 4) return NULL;
    if (width > 32768 || height > 32768) return NULL;
    pr_thread_state *state = thread_state();
    if (!state) return NULL;
    size_t capacity = pr_png_bound(width, height);
    unsigned char *out = grow(&state->output, &state->output_capacity, capacity);
    if (!out) return NULL;

    static const unsigned char signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    size_t pos = 0;
    memcpy(out, signature, 8);
    pos += 8;

    unsigned char *ihdr = out + pos + 8;
    put32(ihdr, (uint32_t)width);
    put32(ihdr + 4, (uint32_t)height);
    ihdr[8] = 8;                      // bit depth
    ihdr[9] = 6;                      // RGBA
    ihdr[10] = ihdr[11] = ihdr[12] = 0;  // deflate, adaptive filtering, no interlace
    pos += finish_chunk(out + pos, "IHDR", 13);

    // Rows are filtered into a chunk of about 128 KiB and deflated chunk by chunk, so a 2048 px image needs
    // 128 KiB of scratch rather than a 16 MiB copy of itself; a 128 px ring still fits one chunk.
    size_t truecolor_row = (size_t)width * 4;
    size_t filtered_row = 1 + truecolor_row;
    size_t chunk_rows = ((size_t)128 << 10) / filtered_row;
    if (chunk_rows < 1) chunk_rows = 1;
    if (chunk_rows > (size_t)height) chunk_rows = (size_t)height;
    size_t chunk_size = chunk_rows * filtered_row;
    // Scratch layout: one chunk of filtered rows, then two unfiltered rows for the filters.
    unsigned char *work = grow(&state->scratch, &state->scratch_capacity, chunk_size + 2 * truecolor_row);
    if (!work) return NULL;
    unsigned char *filtered = work;
    unsigned char *extra = work + chunk_size;
    unsigned char *rows[2] = {extra, extra + truecolor_row};

    z_stream *z = stream_for(state, options->level, options->strategy);
    if (!z) return NULL;
    z->next_out = out + pos + 8;
    z->avail_out = (uInt)(capacity - pos - 8 - 4 - 12);
    int rc = Z_OK;
    for (int first = 0; first < height; first += (int)chunk_rows) {
        int last = first + (int)chunk_rows < height ? first + (int)chunk_rows : height;
        unsigned char *dst = filtered;
        for (int y = first; y < last; y++) {
            const uint32_t *src = (const uint32_t *)(pixels + (size_t)y * stride);
            if (options->filter == PR_PNG_FILTER_NONE) {
                // Unfiltered rows go straight into the stream's input: no copy.
                dst[0] = 0;
                for (int x = 0; x < width; x++) {
                    uint32_t rgba = unpremultiply(src[x]);
                    memcpy(dst + 1 + (size_t)x * 4, &rgba, 4);
                }
                dst += filtered_row;
                continue;
            }
            unsigned char *cur = rows[y & 1];
            const unsigned char *prev = y > 0 ? rows[(y - 1) & 1] : NULL;
            for (int x = 0; x < width; x++) {
                uint32_t rgba = unpremultiply(src[x]);
                memcpy(cur + (size_t)x * 4, &rgba, 4);
            }
            int type = options->filter;
            if (type == PR_PNG_FILTER_ADAPTIVE) {
                unsigned long best = (unsigned long)-1;
                int best_type = 0;
                for (int t = 0; t <= 4; t++) {
                    filter_row(t, cur, prev, truecolor_row, 4, dst + 1);
                    unsigned long cost = row_cost(dst + 1, truecolor_row);
                    if (cost < best) {
                        best = cost;
                        best_type = t;
                    }
                }
                type = best_type;
            }
            dst[0] = (unsigned char)type;
            filter_row(type, cur, prev, truecolor_row, 4, dst + 1);
            dst += filtered_row;
        }
        z->next_in = filtered;
        z->avail_in = (uInt)(dst - filtered);
        // The output buffer holds the worst case of the whole stream, so every chunk is consumed in full.
        rc = deflate(z, last == height ? Z_FINISH : Z_NO_FLUSH);
        if (rc != (last == height ? Z_STREAM_END : Z_OK) || z->avail_in != 0) break;
    }
    if (rc != Z_STREAM_END) {
        deflateEnd(z);
        state->stream_ready = 0;
        return NULL;
    }
    pos += finish_chunk(out + pos, "IDAT", (size_t)z->total_out);
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
}
