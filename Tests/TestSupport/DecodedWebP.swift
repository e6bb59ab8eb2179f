import Foundation

/// A WebP decoded by libwebp's own `dwebp` (Debian's webp) to a PAM: its width, height and straight RGBA bytes.
public struct DecodedWebP: Sendable {
    public let width: Int
    public let height: Int
    /// Row-major R, G, B, A bytes.
    public let rgba: [UInt8]

    /// Decodes `webp`; throws with dwebp's message when it refuses the bytes.
    public init(_ webp: [UInt8]) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("webp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("image.webp")
        let output = directory.appendingPathComponent("image.pam")
        try Data(webp).write(to: input)
        let run = try ExternalCommand.run("dwebp", [input.path, "-pam", "-quiet", "-o", output.path])
        guard run.status == 0 else { throw TestFailure("dwebp refused the WebP: \(run.errors)") }
        let pam = try [UInt8](Data(contentsOf: output))
        // A PAM header: lines of `KEY value` up to ENDHDR, then the samples.
        guard let end = pam.firstRange(of: Array("ENDHDR\n".utf8)) else { throw TestFailure("no PAM header") }
        var fields: [String: Int] = [:]
        for line in String(decoding: pam[..<end.lowerBound], as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let number = Int(parts[1]) { fields[String(parts[0])] = number }
        }
        guard let width = fields["WIDTH"], let height = fields["HEIGHT"], fields["DEPTH"] == 4 else {
            throw TestFailure("PAM is not RGBA: \(fields)")
        }
        self.width = width
        self.height = height
        rgba = Array(pam[end.upperBound...])
        guard rgba.count == width * height * 4 else { throw TestFailure("short PAM") }
    }
}
