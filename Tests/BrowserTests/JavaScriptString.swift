import Foundation

/// `text` as a JavaScript string literal (JSON's quoting, which JavaScript reads).
func javaScriptString(_ text: String) -> String {
    guard let data = try? JSONSerialization.data(withJSONObject: [text]),
          let array = String(data: data, encoding: .utf8) else { return "''" }
    return String(array.dropFirst().dropLast())
}
