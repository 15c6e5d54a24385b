/// What `termlayout port` knows of Layout's UIKit vocabulary: element names, attributes
/// with a terminal equivalent, and UIKit-only symbols in expressions.
enum LayoutPortMaps {
    /// UIKit classes and the widget each becomes. A view controller is its view: a `View`,
    /// whose children place themselves as in Layout (`top`, `left` …), not a stack.
    static let elements: [String: String] = [
        "UIView": "View", "UIScrollView": "ScrollView", "UILabel": "Label", "UIButton": "Button",
        "UITextField": "TextField", "UITextView": "TextField", "UISwitch": "Toggle", "UIStackView": "Column",
        "UIProgressView": "ProgressBar", "UISlider": "ProgressBar", "UIActivityIndicatorView": "Spinner",
        "UITableView": "Column", "UICollectionView": "Column", "UITableViewCell": "Column", "UICollectionViewCell": "View",
        "UITableViewHeaderFooterView": "Column", "UIImageView": "View", "UIVisualEffectView": "View",
        "UITabBarController": "Tabs", "UINavigationController": "Column", "UIViewController": "View",
        "UIControl": "View", "UIPageControl": "View", "UISegmentedControl": "Row",
    ]

    /// UIKit elements that configure their parent rather than show a view, with why they go.
    static let droppedElements = ["UITabBar": "a Tabs bar shows its pages' titles and has nothing to configure"]

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
        "layoutMargins": "padding",
    ]

    /// Views that show rows built from a cell template: with a cell child they become a `List`.
    static let listViews: Set<String> = ["UITableView", "UICollectionView"]
    /// Cell templates (a table's or collection's rows).
    static let cells: Set<String> = ["UITableViewCell", "UICollectionViewCell"]
    /// Attributes of a stack view's children that the stack ignores (Layout's README, UIStackView).
    static let stackIgnoredFrame: Set<String> = ["left", "right", "top", "bottom", "center.x", "center.y", "leading", "trailing"]
    /// A table cell's (or header's) built-in labels, each ported as a Label.
    static let cellLabels = ["textLabel", "detailTextLabel"]
    /// The label attributes carried to those Labels.
    static let cellLabelAttributes: Set<String> = ["text", "textColor", "font"]

    /// `text` for `textLabel.text`: the attribute of a built-in label, if `name` is one.
    static func cellLabelPart(of name: String) -> String? {
        for label in cellLabels where name.hasPrefix(label + ".") { return String(name.dropFirst(label.count + 1)) }
        return nil
    }

    /// Whether elements named `name` have UIKit's built-in text labels.
    static func hasCellLabels(_ name: String) -> Bool { name == "UITableViewCell" || name == "UITableViewHeaderFooterView" }

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
