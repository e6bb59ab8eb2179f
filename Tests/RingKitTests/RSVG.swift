import Foundation
import TestSupport

/// Runs `rsvg-convert` (librsvg, Debian librsvg2-bin) on an SVG and returns the PNG it writes.
enum RSVG {
    static func render(_ svg: [UInt8], zoom: Int = 1) throws -> [UInt8] {
        let run = try ExternalCommand.run("rsvg-convert", ["--zoom", String(zoom), "--format", "png"], input: svg)
        guard run.status == 0 else { throw TestFailure("rsvg-convert exited \(run.status): \(run.errors)") }
        return run.output
    }
}
