// Huffman codes for deflate blocks: length-limited code lengths from symbol frequencies, and canonical codes.
#include "pr_huffman.h"

#include <string.h>

static uint8_t reversed_bytes[256];

void pr_huffman_init(void) {
    for (unsigned i = 0; i < 256; i++) {
        unsigned r = 0;
        for (int b = 0; b < 8; b++) r |= ((i >> b) & 1) << (7 - b);
        reversed_bytes[i] = (uint8_t)r;
    }
}

// Symbols of nonzero frequency sorted by frequency (least first, then by symbol), with two passes of a radix sort:
// frequencies fit 16 bits because a block holds fewer than 65536 symbols.
static int sorted_symbols(const uint32_t *freq, int n, int *out) {
    int tmp[288], m = 0;
    for (int i = 0; i < n; i++)
        if (freq[i]) tmp[m++] = i;
    if (m <= 32) {
        // A few symbols (the distance and code-length alphabets): an insertion sort, stable as the radix sort is,
        // costs less than its two passes over 256 buckets.
        for (int i = 0; i < m; i++) {
            int symbol = tmp[i], j = i;
            for (; j > 0 && freq[out[j - 1]] > freq[symbol]; j--) out[j] = out[j - 1];
            out[j] = symbol;
        }
        return m;
    }
    int *src = tmp, *dst = out;
    for (int shift = 0; shift < 16; shift += 8) {
        int count[257] = {0};
        for (int i = 0; i < m; i++) count[((freq[src[i]] >> shift) & 0xFF) + 1]++;
        for (int i = 0; i < 256; i++) count[i + 1] += count[i];
        for (int i = 0; i < m; i++) dst[count[(freq[src[i]] >> shift) & 0xFF]++] = src[i];
        int *t = src;
        src = dst;
        dst = t;
    }
    // After two passes the result is back in tmp's buffer when src == tmp.
    if (src != out) memcpy(out, src, (size_t)m * sizeof *out);
    return m;
}

// Huffman code lengths of at most `limit` bits for `n` symbols (the least frequent get the longest codes); unused
// symbols get 0. The tree is built with two queues over the sorted leaves, then lengths over the limit are folded
// back while keeping the code complete (the method of miniz's tdefl_huffman_enforce_max_code_size).
void pr_code_lengths(const uint32_t *freq, int n, int limit, uint8_t *lengths) {
    int symbols[288];
    uint32_t weight[2 * 288];
    int parent[2 * 288], depth[2 * 288];
    memset(lengths, 0, (size_t)n);
    int m = sorted_symbols(freq, n, symbols);
    if (m == 0) return;
    if (m == 1) {
        lengths[symbols[0]] = 1;
        return;
    }
    for (int i = 0; i < m; i++) weight[i] = freq[symbols[i]];
    int leaf = 0, inner = m, next = m;
    for (int k = 0; k < m - 1; k++) {
        int pick[2];
        for (int t = 0; t < 2; t++) {
            if (leaf < m && (inner >= next || weight[leaf] <= weight[inner]))
                pick[t] = leaf++;
            else
                pick[t] = inner++;
        }
        weight[next] = weight[pick[0]] + weight[pick[1]];
        parent[pick[0]] = parent[pick[1]] = next;
        next++;
    }
    depth[2 * m - 2] = 0;
    for (int i = 2 * m - 3; i >= 0; i--) depth[i] = depth[parent[i]] + 1;
    int count[33] = {0};
    for (int i = 0; i < m; i++) count[depth[i] > limit ? limit : depth[i]]++;
    uint32_t total = 0;
    for (int i = limit; i > 0; i--) total += (uint32_t)count[i] << (limit - i);
    while (total != (1u << limit)) {
        count[limit]--;
        for (int i = limit - 1; i > 0; i--) {
            if (count[i]) {
                count[i]--;
                count[i + 1] += 2;
                break;
            }
        }
        total--;
    }
    int s = 0;
    for (int length = limit; length > 0; length--)
        for (int c = count[length]; c > 0; c--) lengths[symbols[s++]] = (uint8_t)length;
}

// Canonical codes for `lengths`, bit-reversed because deflate sends Huffman codes from their first bit.
void pr_canonical_codes(const uint8_t *lengths, int n, uint16_t *codes) {
    int count[16] = {0}, next[16];
    for (int i = 0; i < n; i++) count[lengths[i]]++;
    count[0] = 0;
    int code = 0;
    for (int bits = 1; bits < 16; bits++) {
        code = (code + count[bits - 1]) << 1;
        next[bits] = code;
    }
    for (int i = 0; i < n; i++) {
        int length = lengths[i];
        if (!length) continue;
        unsigned c = (unsigned)next[length]++;
        unsigned reversed = (unsigned)reversed_bytes[c & 0xFF] << 8 | reversed_bytes[c >> 8];
        codes[i] = (uint16_t)(reversed >> (16 - length));
    }
}

// Gives at least two symbols a frequency, as inflate wants complete codes (zlib's deflate does the same).
void pr_at_least_two(uint32_t *freq, int n) {
    int used = 0;
    for (int i = 0; i < n && used < 2; i++) used += freq[i] != 0;
    for (int i = 0; i < n && used < 2; i++) {
        if (!freq[i]) {
            freq[i] = 1;
            used++;
        }
    }
}
