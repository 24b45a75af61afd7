# lit configuration for Loom's lit tests: loom-opt, loomc and loom-run with
# FileCheck, one file per behaviour.
import os
import lit.formats

config.name = "Loom"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".cl", ".c", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.loom_tools_dir, "..", "test", "lit")

for tool in ["loom-opt-testing", "loom-opt", "loomc", "loom-run"]:
    config.substitutions.append((r"\b%s\b(?!-)" % tool, os.path.join(config.loom_tools_dir, tool)))
for tool in ["FileCheck", "not", "split-file", "llvm-readelf", "llvm-objdump", "llvm-as", "llvm-dis"]:
    # Not inside an option ("--implicit-check-not=...") or a path.
    config.substitutions.append((r"(?<![-./])\b%s\b(?![-.=/])" % tool,
                                 os.path.join(config.llvm_tools_dir, tool)))
config.substitutions.append(("%loom_src", config.loom_source_dir))
config.substitutions.append(("%loom_tools_dir", config.loom_tools_dir))
# An OpenCL C to spir64 bitcode compile, as a SPIR-V producer runs it.
config.substitutions.append(("%clang_cl_spir", " ".join([
    os.path.join(config.llvm_tools_dir, "clang"), "-cc1", "-triple",
    "spir64-unknown-unknown", "-emit-llvm-bc", "-O0", "-disable-O0-optnone",
    "-finclude-default-header", "-fdeclare-opencl-builtins", "-internal-isystem",
    os.path.join(config.clang_resource_dir, "include")])))
config.substitutions.append(("%llvm_spirv", config.llvm_spirv))
config.substitutions.append(("%spirv_as", "spirv-as"))
config.substitutions.append((r"\bspirv-val\b", "spirv-val"))
config.substitutions.append(("%python", "python3"))
