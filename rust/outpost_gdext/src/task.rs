//! `StoreyBuildTask`: a building generated on a background thread and delivered on the
//! main thread, so the frame rate never dips while the next building is made.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;

use godot::classes::{Engine, IRefCounted, SceneTree};
use godot::prelude::*;
use outpost_core::{Building, check_building_request, generate_building};

use crate::guard::guarded;
use crate::layout::StoreyLayout;

/// A building being generated off the main thread; made by
/// `StoreyGenerator.generate_building_async()`.
///
/// The core generator runs on a thread of its own and touches nothing of the engine; the
/// storeys become `StoreyLayout` resources on the main thread, at the first frame after
/// the thread is done (the task listens to the SceneTree's `process_frame`), or as soon
/// as `is_done()`, `get_result()` or `wait()` is called. `finished` is then emitted once,
/// at the end of that frame.
///
/// ```gdscript
/// var task := StoreyGenerator.generate_building_async(master_seed, 4, level, true)
/// task.finished.connect(func(storeys: Array[StoreyLayout]) -> void: show_building(storeys))
/// ```
///
/// Dropping the task (or freeing whoever held it) before it finishes is safe: the thread
/// runs to its end and its result is discarded; nothing leaks.
#[derive(GodotClass)]
#[class(no_init, base = RefCounted, tool)]
pub struct StoreyBuildTask {
    /// The worker's result, until it arrives.
    receiver: Option<Receiver<Outcome>>,
    /// The storeys, bottom first, once delivered.
    result: Array<Gd<StoreyLayout>>,
    /// Why there is no building (`""` while running or after success).
    error: GString,
    done: bool,
    base: Base<RefCounted>,
}

#[godot_api]
impl IRefCounted for StoreyBuildTask {}

#[godot_api]
impl StoreyBuildTask {
    /// Emitted once, on the main thread, when the task is done: `storeys` bottom first,
    /// exactly what `StoreyGenerator.generate_building()` returns for the same arguments
    /// (empty after an error; see `get_error()`).
    #[signal]
    fn finished(storeys: Array<Gd<StoreyLayout>>);

    /// True once the building is delivered (or failed). Delivers it if the thread is done.
    #[func]
    pub fn is_done(&mut self) -> bool {
        self.deliver(false);
        self.done
    }

    /// The storeys, bottom first, once done; an empty array while running or after an
    /// error.
    #[func]
    pub fn get_result(&mut self) -> Array<Gd<StoreyLayout>> {
        self.deliver(false);
        self.result.clone()
    }

    /// Why the building could not be made (the same message as the synchronous call's
    /// error), or `""`.
    #[func]
    pub fn get_error(&self) -> GString {
        self.error.clone()
    }

    /// Blocks the calling thread until the building is done, then returns it (like
    /// `Thread.wait_to_finish()`).
    #[func]
    pub fn wait(&mut self) -> Array<Gd<StoreyLayout>> {
        self.deliver(true);
        self.result.clone()
    }

    /// Called by the SceneTree's `process_frame` until the task is done.
    #[func]
    fn poll(&mut self) {
        self.deliver(false);
    }
}

/// What the worker thread sends: the building, or the error message.
type Outcome = Result<Building, String>;

impl StoreyBuildTask {
    /// Starts generating on a new thread. Bad arguments are reported now, with
    /// `push_error` naming the value, and give a task that is already done with that
    /// error (its `finished` still comes, with no storeys, at the next frame).
    pub fn start(
        master_seed: i64,
        storeys: i64,
        outpost_level: i64,
        underground: bool,
    ) -> Gd<Self> {
        let (sender, receiver) = mpsc::channel();
        let mut task = Gd::from_init_fn(|base| StoreyBuildTask {
            receiver: Some(receiver),
            result: Array::new(),
            error: GString::new(),
            done: false,
            base,
        });
        if let Err(e) = check_building_request(storeys, outpost_level) {
            godot_error!("StoreyGenerator.generate_building_async: {e}");
            sender
                .send(Err(e.to_string()))
                .expect("the receiver is alive: the task holds it");
        } else {
            thread::spawn(move || {
                let outcome = catch_unwind(AssertUnwindSafe(|| {
                    generate_building(master_seed, storeys, outpost_level, underground)
                }));
                let outcome = match outcome {
                    Ok(built) => built.map_err(|e| e.to_string()),
                    Err(_) => Err("internal error (the generator panicked)".to_owned()),
                };
                // The task may be gone already; then nobody wants the building.
                let _ = sender.send(outcome);
            });
        }
        task.bind_mut().listen_to_frames();
        task
    }

    /// Polls at every frame of the main loop, if it is a SceneTree (otherwise the caller
    /// polls with `is_done()` or `wait()`).
    fn listen_to_frames(&mut self) {
        let Some(tree) = Engine::singleton()
            .get_main_loop()
            .and_then(|main_loop| main_loop.try_cast::<SceneTree>().ok())
        else {
            return;
        };
        let poll = Callable::from_object_method(&self.to_gd(), "poll");
        tree.upcast::<Object>().connect("process_frame", &poll);
    }

    fn stop_listening(&mut self) {
        let poll = Callable::from_object_method(&self.to_gd(), "poll");
        if let Some(tree) = Engine::singleton()
            .get_main_loop()
            .and_then(|main_loop| main_loop.try_cast::<SceneTree>().ok())
        {
            let mut tree = tree.upcast::<Object>();
            if tree.is_connected("process_frame", &poll) {
                tree.disconnect("process_frame", &poll);
            }
        }
    }

    /// Takes the worker's result if it is there (waiting for it if `block`), turns it
    /// into resources and emits `finished`.
    fn deliver(&mut self, block: bool) {
        let Some(receiver) = &self.receiver else {
            return;
        };
        let lost = || Err("the generator thread ended without a result".to_owned());
        let outcome = if block {
            receiver.recv().unwrap_or_else(|_| lost())
        } else {
            match receiver.try_recv() {
                Ok(outcome) => outcome,
                Err(TryRecvError::Empty) => return,
                Err(TryRecvError::Disconnected) => lost(),
            }
        };
        self.receiver = None;
        self.done = true;
        self.stop_listening();
        let storeys = guarded("StoreyBuildTask", Array::new, || match outcome {
            Ok(building) => StoreyLayout::from_building(building),
            Err(e) => {
                self.error = GString::from(&e);
                Array::new()
            }
        });
        self.result = storeys.clone();
        // Deferred to the end of the frame, outside this call: a handler (an `await` in
        // GDScript resumes inside the emission) may drop the last reference to the task,
        // which must not happen while this call still holds it.
        self.base_mut().call_deferred(
            "emit_signal",
            &[
                StringName::from("finished").to_variant(),
                storeys.to_variant(),
            ],
        );
    }
}
