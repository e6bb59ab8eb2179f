import CZlib

/// gzip (RFC 1952) over zlib, for text answers: SVG images, the pages, `/metrics`. The header's time is 0 and its
/// OS byte fixed, so equal bytes give equal output on every run and replica.
enum Gzip {
    /// `bytes` gzip-compressed at `level` (1…9), or nil when zlib fails (out of memory).
    static func compress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8]? {
        var stream = z_stream()
        // windowBits 15 + 16 asks deflate for a gzip wrapper instead of zlib's.
        let status = deflateInit2_(
            &stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
            Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(bytes.count)))
        var out = [UInt8](repeating: 0, count: bound)
        let produced: Int? = bytes.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(output.count)
                guard deflate(&stream, Z_FINISH) == Z_STREAM_END else { return nil }
                return output.count - Int(stream.avail_out)
            }
        }
        guard let produced else { return nil }
        out.removeSubrange(produced...)
        return out
    }

    /// The gzip member's bytes inflated, or nil when they are not one valid gzip member (for tests and checks).
    static func decompress(_ bytes: [UInt8], limit: Int = 64 << 20) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit2_(&stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            return nil
        }
        defer { inflateEnd(&stream) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        return bytes.withUnsafeBufferPointer { input -> [UInt8]? in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            while true {
                let (status, made) = chunk.withUnsafeMutableBufferPointer { buffer -> (Int32, Int) in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    return (status, buffer.count - Int(stream.avail_out))
                }
                out += chunk[..<made]
                guard out.count <= limit else { return nil }
                if status == Z_STREAM_END { return stream.avail_in == 0 ? out : nil }
                guard status == Z_OK, made > 0 || stream.avail_in > 0 else { return nil }
            }
        }
    }
}
