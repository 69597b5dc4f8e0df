pub(crate) mod class_prototype;
pub(crate) mod name;
pub(crate) mod private;
pub(crate) mod property;

pub(crate) use class_prototype::*;
pub(crate) use name::*;
pub(crate) use private::*;
pub(crate) use property::*;
