/// A key as `Input.dispatchKeyEvent` wants it: the DOM `key` and `code`, the Windows
/// virtual key code Chromium uses for keydown, the text a printable key types, and
/// the modifier bits (Shift = 8).
struct KeyboardKey {
    let key: String
    let code: String
    let virtualKeyCode: Int
    var text: String = ""
    var modifiers: Int = 0

    static let arrowRight = KeyboardKey(key: "ArrowRight", code: "ArrowRight", virtualKeyCode: 39)
    static let arrowLeft = KeyboardKey(key: "ArrowLeft", code: "ArrowLeft", virtualKeyCode: 37)
    static let arrowUp = KeyboardKey(key: "ArrowUp", code: "ArrowUp", virtualKeyCode: 38)
    static let arrowDown = KeyboardKey(key: "ArrowDown", code: "ArrowDown", virtualKeyCode: 40)
    static let home = KeyboardKey(key: "Home", code: "Home", virtualKeyCode: 36)
    static let end = KeyboardKey(key: "End", code: "End", virtualKeyCode: 35)
    static let escape = KeyboardKey(key: "Escape", code: "Escape", virtualKeyCode: 27)
    static let enter = KeyboardKey(key: "Enter", code: "Enter", virtualKeyCode: 13, text: "\r")
    static let space = KeyboardKey(key: " ", code: "Space", virtualKeyCode: 32, text: " ")
    static let shiftS = KeyboardKey(key: "S", code: "KeyS", virtualKeyCode: 83, text: "S", modifiers: 8)

    /// A lower-case letter key: `letter("s")` is the S key typing "s".
    static func letter(_ character: Character) -> KeyboardKey {
        let lower = String(character).lowercased()
        let upper = lower.uppercased()
        let code = Int(upper.unicodeScalars.first?.value ?? 0)
        return KeyboardKey(key: lower, code: "Key\(upper)", virtualKeyCode: code, text: lower)
    }
}
