// swift-tools-version:6.0
import PackageDescription

// The data walks one way: bytes → HTTPServer → RingService → RingKit → bytes.
// HTTPServer and RingKit know nothing of each other.
let package = Package(
    name: "progress-rings",
    products: [
        .executable(name: "progress-rings", targets: ["progress-rings"])
    ],
    targets: [
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]
        ),
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        // libpng, only for the tests: the reference decoder that our PNG writer's output must satisfy.
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(
            name: "CPango",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev"])]
        ),
        .target(
            name: "CPNG",
            linkerSettings: [.linkedLibrary("z")]
        ),
        .target(name: "CSystem"),
        .target(name: "HTTPServer", dependencies: ["CSystem"]),
        .target(name: "RingKit", dependencies: ["CCairo", "CPango", "CPNG"]),
        .target(name: "RingService", dependencies: ["HTTPServer", "RingKit", "CZlib"]),
        .executableTarget(name: "progress-rings", dependencies: ["RingService", "RingKit", "HTTPServer", "CSystem"]),
        .executableTarget(name: "http-bench-server", dependencies: ["HTTPServer"]),
        .executableTarget(name: "ring-bench", dependencies: ["RingKit", "RingService", "HTTPServer", "CCairo"]),
        .testTarget(name: "RingKitTests", dependencies: ["RingKit", "CCairo", "CLibPNG"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "CSystem"], exclude: ["Corpus"]),
        .testTarget(name: "RingServiceTests", dependencies: ["RingService", "HTTPServer", "RingKit", "CCairo"]),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer targets have no main (libFuzzer supplies it), so they are built only by .ci/fuzz.sh:
// PROGRESS_RINGS_FUZZ=1 swift build -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address --product HTTPParserFuzz
if Context.environment["PROGRESS_RINGS_FUZZ"] != nil {
    package.targets.append(
        .executableTarget(
            name: "HTTPParserFuzz",
            dependencies: ["HTTPServer"],
            path: "Tests/Fuzz/HTTPParserFuzz",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    )
    package.targets.append(
        .executableTarget(
            name: "PNGFuzz",
            dependencies: ["RingKit", "CCairo"],
            path: "Tests/Fuzz/PNGFuzz",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    )
    package.targets.append(
        .executableTarget(
            name: "RingSpecFuzz",
            dependencies: ["RingKit"],
            path: "Tests/Fuzz/RingSpecFuzz",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    )
}
