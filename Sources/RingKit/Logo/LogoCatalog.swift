import Glibc
import Locking

/// The named logos: Simple Icons' slugs, read from a directory the build fills from PyPI's `simple-icons-pack`
/// (`.ci/tools/simple-icons.sh`): `index.tsv` (slug, brand color, title, one icon a line) and `icons/SLUG.svg`.
///
/// Start-up reads only the index (about 3,500 short lines); an icon's SVG is read and its path parsed the first
/// time a drawing asks for it, then kept, up to `keptLogos` of them, so memory stays bounded whatever slugs the
/// requests name. One catalog serves the process (`shared`); the server loads it from its `logoDirectory` setting,
/// and a process that never loads one (the command line, the tests) reads `defaultDirectory` on first use.
public final class LogoCatalog: Sendable {
    /// The catalog every spec reads slugs from.
    public static let shared = LogoCatalog()
    /// Where the build puts the icons, relative to the package's directory (`make deps`).
    public static let defaultDirectory = ".build/simple-icons"
    /// Where slugs are listed, for a message about one that is not known.
    public static let slugsAt = "simpleicons.org"
    /// Parsed logos kept at most (about 3 KiB each).
    static let keptLogos = 512

    private struct State {
        var directory: String? = nil
        var brands: [String: RGBAColor] = [:]
        var parsed: [String: Logo] = [:]
    }

    private let state = Lock(State())

    public init() {}

    /// Reads the index of `directory`, replacing what was loaded before; returns the number of slugs. An empty
    /// `directory` turns named logos off: no slug is known, none is read from the default directory, and a slug is
    /// refused with a message that says so (a `data:` logo still works).
    @discardableResult
    public func load(directory: String) throws(LogoError) -> Int {
        if directory.isEmpty {
            state.withLock { $0 = State(directory: "", brands: [:], parsed: [:]) }
            return 0
        }
        guard let index = Self.readFile(directory + "/index.tsv", limit: 4 << 20) else {
            throw LogoError("no logo index at \(directory)/index.tsv (make deps installs Simple Icons there)")
        }
        var brands: [String: RGBAColor] = [:]
        brands.reserveCapacity(4096)
        for line in index.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            guard fields.count >= 2 else { continue }
            let slug = String(decoding: fields[0], as: UTF8.self)
            guard Self.isSlug(slug) else { continue }
            brands[slug] = RGBAColor.parse("#" + String(decoding: fields[1], as: UTF8.self)) ?? RGBAColor(0, 0, 0)
        }
        state.withLock { state in
            state = State(directory: directory, brands: brands, parsed: [:])
        }
        return brands.count
    }

    /// The number of slugs known.
    public var count: Int {
        loadDefaultIfNeeded()
        return state.withLock { $0.brands.count }
    }

    /// Whether `slug` names a logo.
    public func contains(_ slug: String) -> Bool {
        loadDefaultIfNeeded()
        return state.withLock { $0.brands.keys.contains(slug) }
    }

    /// The logo of `slug` (lower case, as Simple Icons spells it), parsed once and kept.
    public func logo(named slug: String) throws(LogoError) -> Logo {
        loadDefaultIfNeeded()
        let (known, directory, brand, empty) = state.withLock { s in
            (s.parsed[slug], s.directory ?? Self.defaultDirectory, s.brands[slug], s.brands.isEmpty)
        }
        if let known { return known }
        if empty && directory.isEmpty {
            throw LogoError(
                "cannot be drawn: named logos are off (logoDirectory is empty); a data:image/svg+xml;base64 logo "
                    + "still works")
        }
        if empty {
            throw LogoError("cannot be drawn: no Simple Icons are installed in \(directory) (make deps installs them)")
        }
        guard let brand else {
            throw LogoError("is not a Simple Icons slug (the slugs are listed at \(Self.slugsAt))")
        }
        guard let svg = Self.readFile(directory + "/icons/" + slug + ".svg", limit: 1 << 20),
            let data = Self.pathData(in: svg)
        else {
            throw LogoError("has no icon file in \(directory)/icons (make deps installs Simple Icons there)")
        }
        let path = try LogoPath(parsing: String(decoding: data, as: UTF8.self))
        let logo = Logo(
            source: .named(slug), shapes: [Logo.Shape(path: path, fill: .logoColor)],
            viewBox: Logo.ViewBox(x: 0, y: 0, width: 24, height: 24), brandColor: brand)
        state.withLock { s in
            if s.parsed.count >= Self.keptLogos { s.parsed.remove(at: s.parsed.startIndex) }
            s.parsed[slug] = logo
        }
        return logo
    }

    private func loadDefaultIfNeeded() {
        guard state.withLock({ $0.directory == nil }) else { return }
        if (try? load(directory: Self.defaultDirectory)) == nil {
            // Remember the attempt, so a missing directory is not read again on every request.
            state.withLock { if $0.directory == nil { $0.directory = Self.defaultDirectory } }
        }
    }

    /// Simple Icons' slugs: lower-case letters, digits, `_`, `-` and `.`, 1…64 characters; never a path.
    static func isSlug(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 64 && text != "." && text != ".."
            && text.utf8.allSatisfy { b in
                (b >= 0x61 && b <= 0x7a) || (b >= 0x30 && b <= 0x39) || b == 0x5f || b == 0x2d || b == 0x2e
            }
    }

    /// The `d` attribute of the one path of a Simple Icons SVG (each is `<svg viewBox="0 0 24 24">` around a title
    /// and one `<path d="…"/>`).
    static func pathData(in svg: [UInt8]) -> ArraySlice<UInt8>? {
        let marker = Array("<path d=\"".utf8)
        guard svg.count > marker.count else { return nil }
        for start in 0...(svg.count - marker.count) where svg[start..<(start + marker.count)].elementsEqual(marker) {
            let begin = start + marker.count
            guard let end = svg[begin...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
            return svg[begin..<end]
        }
        return nil
    }

    /// The bytes of the file at `path`, or nil when it cannot be read or is larger than `limit`.
    static func readFile(_ path: String, limit: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return nil }
            if n == 0 { return bytes }
            bytes += chunk[0..<n]
            guard bytes.count <= limit else { return nil }
        }
    }
}
