#!/usr/bin/env python3
"""Writes the recipe seeds of Fuzz/corpus (the files named x-*): small inputs that the fuzz
targets' Amplifier (Sources/Fuzzing/Amplifier.swift) turns into big ones, one for each kind of
input that only size shows: deep nesting, a huge number, a long line or string, a run of escapes,
many products, members, lines or parameters. The fuzzer mutates them like any seed, so it
explores big inputs from the start. Run from the repository's root; it rewrites only x-* files."""
import json
import struct

def recipe(path, text, piece, count=65535):
    """`text` with `piece` (its first occurrence) written `count` times in its place."""
    data = text.encode()
    head = data.index(piece.encode())
    with open(path, 'wb') as file:
        file.write(bytes([1]) + struct.pack('<HHH', count, head, len(piece.encode())) + data)

c = 'Fuzz/corpus/catalog/'
recipe(c + 'x-deep-arrays', '[]', '[')
recipe(c + 'x-deep-objects', '{"a":1}', '{"a":')
recipe(c + 'x-long-string', '{"schemaVersion":1,"app":{"name":"x"}}', 'x')
recipe(c + 'x-escapes', '{"schemaVersion":1,"app":{"name":"\\u00e9\\n"}}', '\\u00e9\\n', 20000)
recipe(c + 'x-huge-number', '{"schemaVersion":1}', '1')
recipe(c + 'x-long-price', '{"schemaVersion":1,"products":[{"id":"a","type":"consumable","prices":{"USA":"0.1"}}]}', '1"', 30000)
recipe(c + 'x-many-members', '{"schemaVersion":1,"app":{"a":1,"name":"x"}}', '"a":1,')
shipped = json.load(open('catalog.json'))
product = json.dumps(shipped['products'][0], separators=(',', ':'))
recipe(c + 'x-many-products', json.dumps(shipped, separators=(',', ':')), product + ',', 1000)

s = 'Fuzz/corpus/storekit/'
recipe(s + 'x-deep-arrays', '{"products":[]}', '[')
one = '{"productID":"a","type":"Consumable","displayPrice":"0.99","referenceName":"A","localizations":[]},'
recipe(s + 'x-many-products', '{"products":[' + one + '{}]}', one, 8000)
recipe(s + 'x-long-price', '{"products":[{"productID":"a","type":"Consumable","displayPrice":"0.99"}]}', '9"', 60000)

t = 'Fuzz/corpus/theme/'
recipe(t + 'x-deep', '{"colors":{"text":[]}}', '[')
recipe(t + 'x-many-roles', '{"name":"x","appearance":"dark","colors":{"zz":"#000000","text":"#ffffff"}}', '"zz":"#000000",', 60000)
recipe(t + 'x-long-name', '{"name":"x","appearance":"dark","colors":{}}', 'x')

sc = 'Fuzz/corpus/scenario/'
recipe(sc + 'x-many-lines', 'key j\n', 'key j\n')
recipe(sc + 'x-long-word', 'select abc\n', 'b')
recipe(sc + 'x-quotes', 'caption "a\\"b"\n', '\\"', 60000)
recipe(sc + 'x-many-keys', 'key j\n', ' j', 60000)
recipe(sc + 'x-long-number', 'advance 1s\n', '1')
recipe(sc + 'x-hashes', 'caption "a" #x\n', '#')

r = 'Fuzz/corpus/redirect/'
recipe(r + 'x-many-parameters', 'com.example.storefront://xsollaconfirm/payment?user_id=a&status=done', 'user_id=a&', 60000)
recipe(r + 'x-long-path', 'com.example.storefront://xsollaconfirm/payment?status=done', '/payment', 60000)
recipe(r + 'x-percent', 'com.example.storefront://xsollaconfirm/payment?user_id=%41&status=done', '%41', 60000)

a = 'Fuzz/corpus/api/'
recipe(a + 'x-many-arguments', 'GET\n/inApps/v2/history/2000000000000001\nsort=ASCENDING&\nBearer $TOKEN\n', 'sort=ASCENDING&', 4000)
recipe(a + 'x-long-id', 'GET\n/inApps/v1/transactions/2000000000000001\n\nBearer $TOKEN\n', '0', 60000)
recipe(a + 'x-long-token', 'GET\n/inApps/v1/transactions/2000000000000001\n\nBearer $TOKEN.x\n', 'x', 60000)
