import CCairo
import Foundation
import Testing

/// Runs the built `progress-rings` binary, as a user would.
struct RenderCommandTests {
    struct Run {
        var status: Int32
        var stdout: Data
        var stderr: String
    }

    /// The binary SwiftPM builds next to this test bundle.
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("progress-rings")
    }

    func run(_ arguments: String...) throws -> Run { try run(arguments) }

    func run(_ arguments: [String]) throws -> Run {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build progress-rings first")
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: stdout, stderr: String(decoding: stderr, as: UTF8.self))
    }

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func writesAPNGNamedByItsExtension() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("ring.PNG")
        let result = try run("render", "value=72&color=red&size=100&scale=2", "-o", file.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)

        let surface = try #require(cairo_image_surface_create_from_png(file.path))
        defer { cairo_surface_destroy(surface) }
        #expect(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS)
        #expect(cairo_image_surface_get_width(surface) == 200)
        #expect(cairo_image_surface_get_height(surface) == 200)
        // The progress starts at 12 o'clock: the middle of the stroke there is the requested red.
        cairo_surface_flush(surface)
        let data = try #require(cairo_image_surface_get_data(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let pixel = (data + 10 * stride + 100 * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        #expect(pixel == 0xFFFF_0000)
    }

    @Test func writesSVGToStandardOutputByDefault() throws {
        let result = try run("render", "value=72&size=64")
        #expect(result.status == 0)
        let text = String(decoding: result.stdout, as: UTF8.self)
        #expect(text.hasPrefix("<svg"))
        #expect(text.contains("width=\"64\""))
        #expect(text.contains("72%"))
    }

    @Test func drawsABadgeWithTheBadgeOption() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("coverage.png")
        let query = "label=coverage&value=72&labelColor=red&color=blue&style=flat-square"
        let result = try run("render", "--badge", query, "-o", file.path)
        #expect(result.status == 0, "\(result.stderr)")

        let surface = try #require(cairo_image_surface_create_from_png(file.path))
        defer { cairo_surface_destroy(surface) }
        #expect(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS)
        let width = Int(cairo_image_surface_get_width(surface))
        #expect(cairo_image_surface_get_height(surface) == 20)
        #expect(width > 60)
        cairo_surface_flush(surface)
        let data = try #require(cairo_image_surface_get_data(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        func pixel(_ x: Int, _ y: Int) -> UInt32 {
            (data + y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        }
        // flat-square: square corners and no shade, so the edges are the exact label and value colors.
        #expect(pixel(1, 10) == 0xFFFF_0000)
        #expect(pixel(width - 2, 10) == 0xFF00_00FF)

        let svg = try run("render", "-b", "label=coverage&value=72")
        #expect(svg.status == 0)
        let text = String(decoding: svg.stdout, as: UTF8.self)
        #expect(text.hasPrefix("<svg"))
        #expect(text.contains("height=\"20\""))
        #expect(text.contains(">coverage<") && text.contains(">72%<"))
    }

    @Test func refusesABadBadgeQueryWithTheParameterMessage() throws {
        let result = try run("render", "--badge", "style=round")
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("progress-rings render: style: "))
        #expect(result.stderr.contains("round"))
    }

    @Test func refusesABadQueryWithTheParameterMessage() throws {
        let result = try run("render", "size=5000", "-o", "-")
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "progress-rings render: size: 5000 is out of range 16…1024\n")
    }

    @Test func failsWithStatusOneWhenTheFileCannotBeWritten() throws {
        let result = try run("render", "value=1", "-o", "/nonexistent-directory/ring.svg")
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot write /nonexistent-directory/ring.svg"))
    }

    @Test(arguments: [
        ["render", "-o", "ring.jpg"],
        ["render", "--format", "gif"],
        ["render", "-o", "ring.png", "--format", "svg"],
        ["render", "a=1", "b=2"],
        ["render", "--frobnicate"],
        ["render", "--badge=yes"],
        ["render", "--badge", "-b"],
        ["render", "-o"],
        ["draw"],
        [],
    ])
    func badUsageExitsWithStatusTwo(arguments: [String]) throws {
        let result = try run(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(!result.stderr.isEmpty)
    }

    @Test func helpAndVersionSucceedOnEveryCommand() throws {
        for arguments in [["--help"], ["render", "--help"], ["render", "-h"]] {
            let result = try run(arguments)
            #expect(result.status == 0)
            #expect(String(decoding: result.stdout, as: UTF8.self).contains("usage: progress-rings"))
        }
        for first in ["--version", "render"] {
            let result = try run(first, "--version")
            #expect(result.status == 0)
            #expect(String(decoding: result.stdout, as: UTF8.self) == "progress-rings 0.1.0\n")
        }
    }
}
