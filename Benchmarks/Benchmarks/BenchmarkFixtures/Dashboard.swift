// Fixtures shared by the benchmark executables.
import TermLayout

/// A 200×60 dashboard of 441 nodes: a bordered column of 55 rows, each with labels, a
/// progress bar, a checkbox and a button; row 0's count reads state.
public func makeDashboard() -> LayoutNode {
    var xml = "<Column border=\"rounded\" title=\"Dashboard\" padding=\"0\">\n"
    for index in 0..<55 {
        let count = index == 0 ? "{count}" : "\(index * 7)"
        xml += """
        <Row gap="1" height="1"><Label text="Service \(index)" width="20" bold="true"/><Label text="\(count)" width="8" alignment="right"/>\
        <ProgressBar value="\(Double(index % 10) / 10)" grow="1" color="green"/><Checkbox title="on" checked="true"/>\
        <Label text="up" color="green"/><Label text="\(index % 3)ms" dim="true"/><Button title="Restart" press="restart"/></Row>\n
        """
    }
    xml += "</Column>\n"
    let template = try! TemplateLoader().load(text: xml, path: "Dashboard.xml").get()
    let root = try! LayoutNode(template: template, state: ["count": 1])
    root.screenSize = (200, 60)
    return root
}

/// A full-screen List of `count` todos drawn through a row template.
public func makeTodoList(count: Int) -> LayoutNode {
    let xml = """
    <List items="{todos}" selection="{selected}">
        <Row gap="1"><Label text="{index + 1}." width="7"/><Label text="{title}" grow="1"/><Checkbox checked="done"/></Row>
    </List>
    """
    let todos = Value.array((0..<count).map { .object(["title": .string("Task \($0)"), "done": .bool($0 % 3 == 0)]) })
    let root = try! LayoutNode(template: TemplateLoader().load(text: xml, path: "List.xml").get(), state: ["todos": todos, "selected": 0])
    root.screenSize = (80, 24)
    return root
}
