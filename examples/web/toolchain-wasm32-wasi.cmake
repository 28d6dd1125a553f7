# Cross-compiling to WebAssembly (wasm32-wasi) with Debian's clang 14, wasi-libc and
# the wasm32 libc++ (apt-get install clang lld wasi-libc libc++-14-dev-wasm32
# libc++abi-14-dev-wasm32 libclang-rt-14-dev-wasm32). No Emscripten: the module
# imports a few WASI functions, which the page's small shim (wasi_shim.js) supplies.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR wasm32)
set(PRUNE_WASM ON)
find_program(PRUNE_WASM_CLANG NAMES clang++-14 clang++ REQUIRED)
set(CMAKE_CXX_COMPILER ${PRUNE_WASM_CLANG})
set(CMAKE_CXX_COMPILER_TARGET wasm32-wasi)
set(CMAKE_SYSROOT /usr)  # wasi-libc: /usr/include/wasm32-wasi, /usr/lib/wasm32-wasi
# No host to link test programs against: check the compiler with a static library.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
# WebAssembly has no exceptions here (wasi's libc++ is built without them).
set(CMAKE_CXX_FLAGS_INIT "-fno-exceptions")
