/// XXH64 (seed 0), the 64-bit xxHash: eight bytes a step in four independent lanes, where FNV-1a takes one byte a
/// step, each waiting for the last multiply. Entity tags hash every image the service draws; SVG names hash its key.
package enum XXHash64 {
    private static let p1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let p3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let p4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let p5: UInt64 = 0x27D4_EB2F_1656_67C5

    @inline(__always)
    private static func rotl(_ x: UInt64, _ r: UInt64) -> UInt64 { x << r | x >> (64 - r) }

    @inline(__always)
    private static func round(_ acc: UInt64, _ lane: UInt64) -> UInt64 { rotl(acc &+ lane &* p2, 31) &* p1 }

    @inline(__always)
    private static func merge(_ acc: UInt64, _ lane: UInt64) -> UInt64 { (acc ^ round(0, lane)) &* p1 &+ p4 }

    package static func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { raw in
            let count = raw.count
            var offset = 0
            func word(_ at: Int) -> UInt64 {
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            }
            var h: UInt64
            if count >= 32 {
                var v1 = p1 &+ p2
                var v2 = p2
                var v3: UInt64 = 0
                var v4 = 0 &- p1
                while offset + 32 <= count {
                    v1 = round(v1, word(offset))
                    v2 = round(v2, word(offset + 8))
                    v3 = round(v3, word(offset + 16))
                    v4 = round(v4, word(offset + 24))
                    offset += 32
                }
                h = rotl(v1, 1) &+ rotl(v2, 7) &+ rotl(v3, 12) &+ rotl(v4, 18)
                h = merge(merge(merge(merge(h, v1), v2), v3), v4)
            } else {
                h = p5
            }
            h &+= UInt64(count)
            while offset + 8 <= count {
                h ^= round(0, word(offset))
                h = rotl(h, 27) &* p1 &+ p4
                offset += 8
            }
            if offset + 4 <= count {
                let half = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
                h ^= half &* p1
                h = rotl(h, 23) &* p2 &+ p3
                offset += 4
            }
            while offset < count {
                h ^= UInt64(raw[offset]) &* p5
                h = rotl(h, 11) &* p1
                offset += 1
            }
            h ^= h >> 33
            h &*= p2
            h ^= h >> 29
            h &*= p3
            h ^= h >> 32
            return h
        }
    }
}
