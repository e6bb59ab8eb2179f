import CCairo
import Foundation
import RingKit

/// A PNG decoded back to straight RGBA pixels with Cairo, so tests read what a viewer would show.
struct DecodedImage {
    let width: Int
    let height: Int
    /// Straight (not premultiplied) RGBA, row-major.
    private let pixels: [RGBAColor]

    /// Decodes `png`; `nil` when Cairo refuses the bytes.
    init?(png: [UInt8]) {
        final class Reader {
            let bytes: [UInt8]
            var offset = 0
            init(_ bytes: [UInt8]) { self.bytes = bytes }
        }
        let reader = Reader(png)
        let surface = cairo_image_surface_create_from_png_stream(
            { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                let reader = Unmanaged<Reader>.fromOpaque(closure).takeUnretainedValue()
                let n = Int(length)
                guard reader.offset + n <= reader.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                reader.bytes.withUnsafeBufferPointer { src in
                    data.update(from: src.baseAddress! + reader.offset, count: n)
                }
                reader.offset += n
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(reader).toOpaque())!
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        cairo_surface_flush(surface)
        let surfaceFormat = cairo_image_surface_get_format(surface)
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var out: [RGBAColor] = []
        out.reserveCapacity(width * height)
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let p = row[x]
                let a = surfaceFormat == CAIRO_FORMAT_RGB24 ? 255 : UInt32(p >> 24)
                func straight(_ c: UInt32) -> UInt8 {
                    a == 0 ? 0 : UInt8(Swift.min(255, (c * 255 + a / 2) / a))
                }
                out.append(
                    RGBAColor(straight((p >> 16) & 0xFF), straight((p >> 8) & 0xFF), straight(p & 0xFF), UInt8(a)))
            }
        }
        pixels = out
    }

    /// The pixel covering the point (x, y) in image pixels.
    func pixel(_ x: Double, _ y: Double) -> RGBAColor {
        let ix = Swift.min(Swift.max(Int(x.rounded(.down)), 0), width - 1)
        let iy = Swift.min(Swift.max(Int(y.rounded(.down)), 0), height - 1)
        return pixels[iy * width + ix]
    }

    /// The pixel at column x, row y.
    subscript(x: Int, y: Int) -> RGBAColor { pixels[y * width + x] }
}

extension RGBAColor {
    /// Whether every channel is within `tolerance` of `other`'s.
    func isClose(to other: RGBAColor, tolerance: Int = 2) -> Bool {
        abs(Int(red) - Int(other.red)) <= tolerance && abs(Int(green) - Int(other.green)) <= tolerance
            && abs(Int(blue) - Int(other.blue)) <= tolerance && abs(Int(alpha) - Int(other.alpha)) <= tolerance
    }

    /// The largest difference of any channel, alpha included.
    func distance(to other: RGBAColor) -> Int {
        Swift.max(
            abs(Int(red) - Int(other.red)), abs(Int(green) - Int(other.green)), abs(Int(blue) - Int(other.blue)),
            abs(Int(alpha) - Int(other.alpha)))
    }
}

/// Runs `rsvg-convert` (librsvg, Debian librsvg2-bin) on an SVG and returns the PNG it writes.
enum RSVG {
    static func render(_ svg: [UInt8], zoom: Int = 1) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["rsvg-convert", "--zoom", String(zoom), "--format", "png"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // Written from another thread: a large SVG could fill the pipe while rsvg-convert waits for us to read.
        let writer = input.fileHandleForWriting
        let data = Data(svg)
        Thread.detachNewThread {
            writer.write(data)
            try? writer.close()
        }
        let png = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return [UInt8](png)
    }
}
