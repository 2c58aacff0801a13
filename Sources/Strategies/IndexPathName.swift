import Foundation

// Strategy files import only ReuseEngine, so that `DispatchQueue`, `Data`, `URL`
// and `URLSession` mean the simulated ones (UIKitNames.swift). This one file
// brings Foundation's `IndexPath` in under its own name.
typealias IndexPath = Foundation.IndexPath
