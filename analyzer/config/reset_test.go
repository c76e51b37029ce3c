package config

import "github.com/smemlint/smemlint/model"

// resetFlags puts the flags back to their defaults, not given.
func resetFlags() {
	archFlag = setArch{setString{v: model.DefaultArch}}
	bankModeFlag = setInt{}
	verboseFlag = setBool{}
}
