/// What `termlayout port` knows of Layout's UIKit vocabulary: element names, attributes
/// with a terminal equivalent, and UIKit-only symbols in expressions.
enum LayoutPortMaps {
    /// UIKit classes and the widget each becomes.
    static let elements: [String: String] = [
        "UIView": "View", "UIScrollView": "ScrollView", "UILabel": "Label", "UIButton": "Button",
        "UITextField": "TextField", "UITextView": "TextField", "UISwitch": "Toggle", "UIStackView": "Column",
        "UIProgressView": "ProgressBar", "UISlider": "ProgressBar", "UIActivityIndicatorView": "Spinner",
        "UITableView": "Column", "UICollectionView": "Column", "UITableViewCell": "View", "UICollectionViewCell": "View",
        "UITableViewHeaderFooterView": "View", "UIImageView": "View", "UIVisualEffectView": "View",
        "UITabBarController": "Tabs", "UINavigationController": "Column", "UIViewController": "Column",
        "UIControl": "View", "UIPageControl": "View", "UISegmentedControl": "Row",
    ]

    /// Attributes every element keeps under the same name.
    static let kept: Set<String> = ["id", "outlet", "xml", "template", "left", "top", "right", "bottom", "width", "height",
                                    "center.x", "center.y"]

    /// Attributes renamed: UIKit name → TermLayout name (where the target widget has it).
    static let renamed: [String: String] = [
        "backgroundColor": "background", "view.backgroundColor": "background", "textColor": "color",
        "titleColor": "color", "tintColor": "color", "isHidden": "hidden", "isSecureTextEntry": "secure",
        "isOn": "checked", "progress": "value", "isAnimating": "active", "placeholder": "placeholder",
        "text": "text", "title": "title", "spacing": "gap", "touchUpInside": "press", "primaryActionTriggered": "press",
        "valueChanged": "toggle", "editingChanged": "change", "editingDidEndOnExit": "submit", "value": "value",
        "layoutMargins": "padding", "textLabel.text": "title",
    ]

    /// `textAlignment` cases → `alignment`.
    static let textAlignments = ["left": "left", "natural": "left", "justified": "left", "center": "center", "right": "right"]
    /// `UIStackView.alignment` cases → `align`.
    static let stackAlignments = ["fill": "stretch", "leading": "start", "top": "start", "center": "center",
                                  "trailing": "end", "bottom": "end", "firstBaseline": "start", "lastBaseline": "end"]
    /// Layout's named colors (`colors.red` in its samples) → palette names.
    static let colorNames = ["orange": "yellow", "pink": "magenta", "purple": "magenta", "gray": "gray", "grey": "gray",
                             "lightGray": "white", "darkGray": "gray", "brown": "red"]
    /// Markup Layout allows in label bodies that a terminal label does not: unwrapped.
    static let unwrappedBodyTags: Set<String> = ["p", "ul", "ol", "li", "h1", "h2", "h3", "small", "big", "sub", "sup", "a"]
}
