module example.com/explaincases

go 1.26.0

require github.com/smemlint/smemlint v0.0.0

replace github.com/smemlint/smemlint => ../../..
