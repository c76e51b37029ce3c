module github.com/smemlint/smemlint

go 1.26
