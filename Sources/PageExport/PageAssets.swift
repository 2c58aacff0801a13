/// The page's own script and style, as `reuselab html` and `lesson --html` inline them.
///
/// They are real files, `Resources/page.js` and `Resources/page.css`, compiled into
/// the binary by SwiftPM's `embedInCode` rule: `reuselab` stays one file and needs
/// no resource bundle beside it at run time. The page puts the bytes between its
/// `<script>` and `<style>` tags exactly as they are (the Content-Security-Policy
/// allows them by their SHA-256), so the files hold the exact text, without a
/// final newline.
///
/// The script draws what the embedded data says and never folds a trace itself;
/// the data's schema and the DOM hooks the tests use: docs/page-schema.md.
enum PageAssets {
    /// The page's JavaScript (trace, diff and lesson pages), from `Resources/page.js`.
    static let script = String(decoding: PackageResources.page_js, as: UTF8.self)

    /// The page's CSS, from `Resources/page.css`: light by default, dark through
    /// `prefers-color-scheme`, no fonts or images.
    static let style = String(decoding: PackageResources.page_css, as: UTF8.self)
}
