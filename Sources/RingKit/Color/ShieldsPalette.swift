/// shields.io's named colors (badge-maker's palette), which mean other colors than CSS's names of the same spelling:
/// shields' `green` is `#97ca00`, CSS's `#008000`. A color written for shields (an endpoint document's `color` and
/// `labelColor`) is read through it; a URL's parameters keep CSS's meaning.
public enum ShieldsPalette {
    /// The palette, name → `rrggbb`, aliases included, spelled as shields spells them (lower case).
    public static let colors: [String: String] = [
        "brightgreen": "44cc11", "green": "97ca00", "yellow": "dfb317", "yellowgreen": "a4a61d",
        "orange": "fe7d37", "red": "e05d44", "blue": "007ec6", "grey": "555555", "gray": "555555",
        "lightgrey": "9f9f9f", "lightgray": "9f9f9f",
        "success": "44cc11", "important": "fe7d37", "critical": "e05d44", "informational": "007ec6",
        "inactive": "9f9f9f",
    ]

    /// `color` as shields reads it, written so this service's color parser reads the same color: a palette name as
    /// its hex (`yellowgreen` → `#a4a61d`); anything else (hex, a CSS name, `rgb()`) as it is.
    public static func resolved(_ color: String) -> String {
        colors[color].map { "#" + $0 } ?? color
    }
}
