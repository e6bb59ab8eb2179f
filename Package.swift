// swift-tools-version:6.1
import Foundation
import PackageDescription

// The data walks one way: bytes → HTTPServer → RingService → RingKit → bytes.
// HTTPServer and RingKit know nothing of each other.
// The server's allocator is jemalloc (Sources/CJemalloc), except in the sanitizer builds, which set
// PROGRESS_RINGS_MALLOC=glibc (.ci/checks/sanitizers.sh): a sanitizer brings its own malloc, and two allocators in one
// process free each other's blocks.
let allocator: [Target.Dependency] =
    Context.environment["PROGRESS_RINGS_MALLOC"] == "glibc" ? [] : ["CJemalloc"]
// The fuzzers' build (PROGRESS_RINGS_FUZZ, below) links every program with libFuzzer's main, the builder script's tool
// included, and builds nothing that needs it: the plugin and its tool are left out of that build.
let fuzzing = Context.environment["PROGRESS_RINGS_FUZZ"] != nil
let builderScript: [Target] =
    fuzzing
    ? []
    : [
        .executableTarget(name: "embed-builder-script"),
        .plugin(
            name: "BuilderScriptPlugin", capability: .buildTool(), dependencies: ["embed-builder-script"],
            path: "Sources/BuilderScriptPlugin"),
    ]

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
        // OpenSSL's libcrypto: SHA-256 and HMAC-SHA256 (tokens, the pages' CSP hashes).
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // giflib (Debian's libgif-dev; libgif7 at run time): GIF's LZW, for /ring.gif and the other GIF routes.
        .systemLibrary(name: "CGif", providers: [.apt(["libgif-dev"])]),
        // libwebp (Debian's libwebp-dev; libwebp7 at run time): lossless WebP, for /ring.webp and the others.
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .target(
            name: "CPNG",
            linkerSettings: [.linkedLibrary("z")]
        ),
        .target(name: "CSystem"),
        // libxml2 (Debian's libxml2-dev; libxml2 at run time): custom logos' SVG, parsed with network access,
        // entity substitution and DTD loading off (Sources/RingKit/Logo/CustomLogoReader.swift).
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // SQLite (Debian's libsqlite3-dev; libsqlite3-0 at run time): where stored values are kept by default.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // libpq (Debian's libpq-dev; libpq5 at run time): stored values in PostgreSQL, shared by replicas.
        .systemLibrary(name: "CPostgres", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        // The server's allocator (Debian's libjemalloc-dev; libjemalloc2 at run time), linked into the executable
        // with its settings (docs/decisions.md, "jemalloc with one arena"), and so into the tests that import it;
        // ring-bench and http-bench-server keep glibc's malloc.
        .systemLibrary(name: "CJemalloc", providers: [.apt(["libjemalloc-dev"])]),
        .target(name: "CAllocatorSettings"),
        // ICU (Debian's libicu-dev for the headers, libicu72 at run time): each locale's decimal and grouping
        // symbols, grouping sizes, digits and percent sign, read through a C file that opens ICU on the first locale
        // asked for (its functions are versioned by macros, and linked it costs every server 4.6 MB resident).
        .target(name: "CICU", linkerSettings: [.linkedLibrary("dl")]),
        // A pthread mutex behind Mutex's API, which ThreadSanitizer can see (Synchronization.Mutex it cannot), and
        // named detached threads.
        .target(name: "Locking", dependencies: ["CSystem"]),
        .target(name: "HTTPServer", dependencies: ["CSystem", "Locking"]),
        // Outside text made safe to show in a message (control characters visible, cut to length): the image
        // parameters' refusals and the live values' alike.
        .target(name: "MessageText"),
        .target(
            name: "RingKit",
            dependencies: [
                "CCairo", "CPango", "CPNG", "CICU", "CLibXML2", "CGif", "CWebP", "Locking", "MessageText",
            ]),
        .target(name: "LiveValues", dependencies: ["CCurl", "Locking", "MessageText", "StrictJSON"]),
        // RFC 8259 JSON, read strictly in one pass (no trailing comma, no key twice) into one model whose objects keep
        // their key order: the settings files, the bodies of pushed values and the documents read live.
        .target(name: "StrictJSON"),
        // OIDC tokens of CI systems (GitHub Actions, GitLab CI) checked for pushes: the token read, its issuer's keys
        // fetched with libcurl and kept, RS256 and ES256 verified by libcrypto, the claims matched.
        .target(name: "TokenIssuers", dependencies: ["CCrypto", "LiveValues", "Locking", "StrictJSON"]),
        .target(name: "StoredValues", dependencies: ["CSQLite", "CPostgres", "Locking", "CSystem", "StrictJSON"]),
        // The reports CI tools write (LCOV, Cobertura, JaCoCo, Go's coverprofile, coverage.py's JSON, Istanbul's
        // summary, JUnit XML), read as pure functions from bytes to records: apart from StoredValues, so a parser
        // builds, tests and fuzzes without SQLite or PostgreSQL, and storage stays about storage.
        .target(name: "ValueReports", dependencies: ["CLibXML2", "StrictJSON"]),
        // The builder page's script is its .js files (each checked by `node --check` in `make lint`), embedded in
        // RingService at build time as `BuilderPage.script` by BuilderScriptPlugin and its tool, not read at run time.
        .target(
            name: "RingService",
            dependencies: [
                "HTTPServer", "RingKit", "LiveValues", "StoredValues", "ValueReports", "StrictJSON", "CZlib", "CSystem",
                "Locking", "CCrypto", "MessageText", "TokenIssuers",
            ],
            exclude: ["Pages/BuilderReadout.js", "Pages/BuilderKinds.js", "Pages/BuilderPage.js"],
            plugins: fuzzing ? [] : ["BuilderScriptPlugin"]),
        .executableTarget(
            name: "progress-rings",
            dependencies: [
                "RingService", "RingKit", "HTTPServer", "LiveValues", "StoredValues", "CSystem", "Locking",
                "CAllocatorSettings", "CCurl", "StrictJSON",
            ] + allocator),
        .executableTarget(name: "http-bench-server", dependencies: ["HTTPServer"]),
        // The PNG encoders the benchmarks and tests compare with the product's (zlib settings, row filters, Cairo's
        // writer): not in the product.
        .target(name: "PNGVariants", dependencies: ["RingKit", "CPNG", "CCairo"]),
        .executableTarget(
            name: "ring-bench",
            dependencies: ["RingKit", "RingService", "HTTPServer", "CCairo", "LiveValues", "PNGVariants"]),
    ] + builderScript,
    swiftLanguageModes: [.v6]
)

// The image build copies Sources/ but not Tests/, so that editing a test does not rebuild the image, and SwiftPM
// refuses a target whose folder is missing: the test targets exist where Tests/ does (every checkout).
if FileManager.default.fileExists(atPath: Context.packageDirectory + "/Tests") {
    package.targets += [
        // What every test folder shares: one raw HTTP client, one PNG decoder, one runner of the built binary.
        // It knows none of the modules under test, so a test of one module builds no other.
        .target(
            name: "TestSupport", dependencies: ["CCairo", "CTestSpawn", "CCrypto"], path: "Tests/TestSupport",
            exclude: ["Fixtures"]),
        // How the test support starts programs: posix_spawn, closing every descriptor of the test process in the child.
        .target(name: "CTestSpawn", path: "Tests/CTestSpawn"),
        .testTarget(
            name: "RingKitTests", dependencies: ["RingKit", "PNGVariants", "CCairo", "CLibPNG", "TestSupport"]),
        .testTarget(
            name: "HTTPServerTests", dependencies: ["HTTPServer", "CSystem", "TestSupport"], exclude: ["Corpus"]),
        .testTarget(
            name: "RingServiceTests",
            dependencies: [
                "RingService", "HTTPServer", "RingKit", "LiveValues", "Locking", "MessageText", "TestSupport",
            ]),
        // The command line as a user runs it: the binary built beside the test bundle (the dependency builds it
        // first).
        .testTarget(name: "progress-ringsTests", dependencies: ["progress-rings", "Locking", "TestSupport"]),
        .testTarget(
            name: "LiveValuesTests", dependencies: ["LiveValues", "StrictJSON", "Locking", "TestSupport"]),
        .testTarget(name: "StoredValuesTests", dependencies: ["StoredValues", "Locking", "TestSupport"]),
        .testTarget(name: "StrictJSONTests", dependencies: ["StrictJSON"]),
        .testTarget(name: "ValueReportsTests", dependencies: ["ValueReports", "TestSupport"], exclude: ["Fixtures"]),
    ]
}

// The libFuzzer targets have no main (libFuzzer supplies it), so they are built only by .ci/checks/fuzz.sh:
// PROGRESS_RINGS_FUZZ=1 swift build -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address --product HTTPParserFuzz
if fuzzing {
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
            dependencies: ["RingKit", "PNGVariants", "CCairo"],
            path: "Tests/Fuzz/PNGFuzz",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    )
    package.targets.append(
        .executableTarget(
            name: "EncoderFuzz",
            dependencies: ["RingKit", "CCairo", "CGif", "CWebP"],
            path: "Tests/Fuzz/EncoderFuzz",
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
    package.targets.append(
        .executableTarget(
            name: "StoredValuesFuzz",
            dependencies: ["StoredValues", "StrictJSON", "ValueReports"],
            path: "Tests/Fuzz/StoredValuesFuzz",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    )
    package.targets.append(
        .executableTarget(
            name: "LogoFuzz",
            dependencies: ["RingKit"],
            path: "Tests/Fuzz/LogoFuzz",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    )
    package.targets.append(
        .executableTarget(
            name: "TokenFuzz",
            dependencies: ["TokenIssuers", "LiveValues", "StrictJSON"],
            path: "Tests/Fuzz/TokenFuzz",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    )
    package.targets.append(
        .executableTarget(
            name: "LiveSourceFuzz",
            dependencies: ["LiveValues", "RingKit", "TestSupport"],
            path: "Tests/Fuzz/LiveSourceFuzz",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    )
}
