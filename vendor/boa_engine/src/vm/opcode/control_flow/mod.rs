pub(crate) mod jump;
pub(crate) mod r#return;
pub(crate) mod throw;

pub(crate) use jump::*;
pub(crate) use r#return::*;
pub(crate) use throw::*;
