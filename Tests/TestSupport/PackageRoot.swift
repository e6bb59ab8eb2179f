import Foundation

/// The package's root directory, to find `config/` and other files of the checkout.
public let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
