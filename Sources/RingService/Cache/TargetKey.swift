import RingKit

/// A request target exactly as sent (path and query, still percent-encoded) with the format it was answered in:
/// what the render cache remembers a resolved entry under, so repeating the same URL skips parsing.
///
/// An image is a pure function of its route, query and format, so one target always resolves to one cache key.
/// Targets compare byte for byte, never as Unicode text: two byte sequences that are canonically equivalent
/// text may still percent-decode to different labels, and must not share an entry.
struct TargetKey: Hashable, Sendable {
    let target: String
    let format: ImageFormat

    /// The dictionary slot, the alias record and allocator slack for one alias, beside the target's own bytes.
    static let overhead = 96

    /// Bytes the alias holds, counted against the render cache's bound: it keeps the target string alive.
    var cost: Int { CachedImage.allocation(target.utf8.count) + Self.overhead }

    static func == (a: TargetKey, b: TargetKey) -> Bool {
        guard a.format == b.format, a.target.utf8.count == b.target.utf8.count else { return false }
        var a = a.target
        var b = b.target
        return a.withUTF8 { x in b.withUTF8 { y in x.elementsEqual(y) } }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(format)
        var target = target
        target.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
