// A floor for startup.py --floors: the Swift runtime alone, linked statically, prints "3".
print("3")
