/// The page's own script and style, as `reuselab html` and `lesson --html` inline them.
///
/// They are real files, `Resources/page.js` and `Resources/page.css`, compiled into
/// the binary by SwiftPM's `embedInCode` rule: `reuselab` stays one file and needs
/// no resource bundle beside it at run time. The page puts the bytes between its
/// `<script>` and `<style>` tags exactly as they are (the Content-Security-Policy
/// allows them by their SHA-256). The files end without a final newline, as the
/// string literals they replaced did, so pages stay byte for byte what they were.
///
/// Both are hand-written, no libraries. The script draws what the embedded data
/// says and never folds a trace itself; it reads the data with `JSON.parse` and
/// puts every string on the page with `textContent`, never as markup. The data's
/// schema and the DOM hooks the tests use: docs/page-schema.md.
enum PageAssets {
    /// The page's JavaScript (trace, diff and lesson pages), from `Resources/page.js`.
    static let script = String(decoding: PackageResources.page_js, as: UTF8.self)

    /// The page's CSS, from `Resources/page.css`: light by default, dark through
    /// `prefers-color-scheme`, no fonts or images.
    static let style = String(decoding: PackageResources.page_css, as: UTF8.self)
}
